import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { remoteActors } from './remote-actors.js';
import { markdownPlainText, SEARCH_INDEX_OPTIONS, searchDocument, tsvector } from './search-document.js';
import { users } from './users.js';

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** One of the contract's CATEGORIES. */
    category: text('category').notNull(),
    learningProgressPercent: smallint('learning_progress_percent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when a moderator hid it (docs/features.md, "Reports and moderation"): shown to its author only,
     * with the reason.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** When its title, text or media last changed (its versions are in `post_versions`); null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The image its author chose to stand for it; null: the first image. */
    coverMediaId: integer('cover_media_id').references((): AnyPgColumn => postMedia.id, {
      onDelete: 'set null',
    }),
    /**
     * When a scheduled post is to appear (docs/features.md, "Scheduled posts"); null for a post published
     * at once.
     */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /**
     * Null while a scheduled post waits: every read leaves such a post out (`visiblePost`, db/visibility.ts)
     * and no count includes it (migration 0039); its job sets this, once.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    /**
     * Kept exact by triggers on post_likes and comments (migration 0011): never counted per read. Pages
     * are filled to 80 % (migration 0024_write_path, not expressible here) so these updates stay on the page.
     */
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** `Announce`s of it from other servers (remote_post_reactions), kept by a trigger (migration 0047). */
    sharesCount: integer('shares_count').notNull().default(0),
    /** Kept by PostgreSQL for search: title above content. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => searchDocument([posts.title, 'A'], [markdownPlainText(posts.content), 'B']),
      ),
  },
  (t) => [
    index('posts_search_idx').using('gin', t.searchVector).with(SEARCH_INDEX_OPTIONS),
    // Newest-first indexes are DESC NULLS FIRST, the order of ORDER BY … DESC; Drizzle's plain desc()
    // writes DESC NULLS LAST, which PostgreSQL cannot read a newest-first list from without sorting it.
    // The author, the hidden and the published marks ride along (after the unique id, so the order is
    // unchanged): the feed's filters (blocks, suspensions, hiding, scheduled posts) are then checked in
    // the index, and its generic plan, which cannot know the OFFSET, still walks it newest first instead
    // of sorting every post (89 ms against 0.6 ms on the `large` data, bench/RESULTS.md).
    index('posts_created_at_id_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.authorId,
      t.hiddenAt,
      t.publishedAt,
    ),
    index('posts_author_created_at_idx').on(
      t.authorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Hidden posts are few: the totals count them through this index instead of scanning.
    index('posts_hidden_author_idx').on(t.authorId).where(sql`${t.hiddenAt} is not null`),
    // Deleting a medium clears the cover that names it (ON DELETE SET NULL): found here, not by a scan.
    index('posts_cover_media_idx').on(t.coverMediaId).where(sql`${t.coverMediaId} is not null`),
    // Waiting scheduled posts are few: their author's list reads them through this index.
    index('posts_scheduled_author_idx')
      .on(t.authorId, t.publishAt, t.id)
      .where(sql`${t.publishedAt} is null`),
    check('posts_progress_range', sql`${t.learningProgressPercent} BETWEEN 0 AND 100`),
  ],
);

/** The columns of an uploaded image or video, shared by a post's media and a group post's. */
export const mediaColumns = () => ({
  /** IMAGE or VIDEO. */
  type: text('type').notNull(),
  /** Storage keys (served under /api/media/<key>). */
  fileKey: text('file_key').notNull(),
  thumbnailKey: text('thumbnail_key'),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  durationSeconds: real('duration_seconds'),
  /** What the image shows, for those who cannot see it; empty when its author gave none. */
  altText: text('alt_text').notNull().default(''),
  position: integer('position').notNull(),
});

export const postMedia = pgTable(
  'post_media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    ...mediaColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_media_post_position_idx').on(t.postId, t.position)],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_likes_user_idx').on(t.userId),
    // Explore's trending posts read the last days' likes off this index, never the whole table.
    index('post_likes_created_at_idx').on(t.createdAt, t.postId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Null on a reply from another server, whose author is `remoteActorId` (exactly one is set). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Someone of another server whose `Note` replied to the post (modules/federation), with the Note's
     * id in `remoteUri`, which their `Update` and `Delete` name.
     */
    remoteActorId: integer('remote_actor_id').references((): AnyPgColumn => remoteActors.id, {
      onDelete: 'cascade',
    }),
    remoteUri: text('remote_uri').unique('comments_remote_uri_key'),
    /**
     * The comment whose thread this reply is in, always one without a parent (threads are one level
     * deep); null for a comment that is not a reply. Its replies go with it when its row goes.
     */
    parentCommentId: integer('parent_comment_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /**
     * The comment it answers, in its thread (the thread's comment or a reply in it): what its `Note`'s
     * `inReplyTo` names, and whose remote author is told (docs/federation.md). Null for a comment that is
     * not a reply, and once the comment answered is gone (the thread's comment stands in).
     */
    inReplyToId: integer('in_reply_to_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'set null',
    }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when a moderator hid it (docs/features.md, "Reports and moderation"): shown to its author only,
     * with the reason.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** When its text last changed (its versions are in `comment_versions`); null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * Set when a comment with replies was deleted: its text is emptied and it stays for its thread,
     * shown without author (docs/features.md, "Replies and comment likes"). It no longer counts on the post.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A thread's replies, oldest first, and whether a comment has any.
    index('comments_parent_created_at_idx')
      .on(t.parentCommentId, t.createdAt, t.id)
      .where(sql`${t.parentCommentId} is not null`),
    index('comments_hidden_post_idx').on(t.postId).where(sql`${t.hiddenAt} is not null`),
    index('comments_post_created_at_idx').on(
      t.postId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('comments_author_idx').on(t.authorId),
    index('comments_remote_actor_idx').on(t.remoteActorId).where(sql`${t.remoteActorId} is not null`),
    // Deleting a comment clears the replies that name it (ON DELETE SET NULL): found here, not by a scan.
    index('comments_in_reply_to_idx').on(t.inReplyToId).where(sql`${t.inReplyToId} is not null`),
    check('comments_one_author', sql`num_nonnulls(${t.authorId}, ${t.remoteActorId}) = 1`),
    // Explore's trending posts read the last days' comments off this index.
    index('comments_created_at_idx').on(t.createdAt, t.postId),
  ],
);

/**
 * Every version of an edited post (docs/features.md, "Edit history"), as Mastodon keeps them: the first
 * edit writes the original and the new one, each later edit its new one. Only the title and text are
 * kept; `media_changed` says the edit added or removed media. Read newest first through the index.
 */
export const postVersions = pgTable(
  'post_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    mediaChanged: boolean('media_changed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_versions_post_created_at_idx').on(
      t.postId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Every version of an edited comment, kept as `post_versions` keeps a post's. */
export const commentVersions = pgTable(
  'comment_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comment_versions_comment_created_at_idx').on(
      t.commentId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Who liked a comment: read by comment (its count, the viewer's like) and by user (their data export). */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);
