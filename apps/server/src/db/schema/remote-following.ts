import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { remoteActors } from './remote-actors.js';
import { users } from './users.js';

/**
 * A person here following someone on another server (modules/federation): PENDING once our `Follow` is
 * sent, ACCEPTED or REJECTED by their server's answer. Unfollowing sends `Undo(Follow)` and deletes it.
 */
export const remoteFollows = pgTable(
  'remote_follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remoteActorId: integer('remote_actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    /** PENDING, ACCEPTED or REJECTED. */
    state: text('state').notNull().default('PENDING'),
    /** The id of the `Follow` we sent, which their `Accept` or `Reject` names and our `Undo` carries. */
    followId: text('follow_id').notNull(),
    /** Their inbox, where our `Undo(Follow)` goes. */
    inboxUrl: text('inbox_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_follows_follower_actor_key').on(t.followerId, t.remoteActorId),
    index('remote_follows_actor_idx').on(t.remoteActorId),
    uniqueIndex('remote_follows_follow_id_key').on(t.followId),
  ],
);

/**
 * A public post (`Note` or `Article`) of someone on another server whom a person here follows, as their
 * last `Create` or `Update` described it: shown read-only in their followers' Following feed.
 */
export const remotePosts = pgTable(
  'remote_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    remoteActorId: integer('remote_actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    /** The object's id (a URL). */
    uri: text('uri').notNull(),
    /** Its page on their server (the object's `url`), else its id. */
    url: text('url').notNull(),
    /** An Article's title; a Note has none. */
    name: text('name'),
    /** The content warning (`summary`), as plain text. */
    summary: text('summary'),
    /** Sanitised HTML (lib/remote-html.ts). */
    content: text('content').notNull(),
    /** Attachments as links: `{ url, mediaType, name }`. */
    attachments: jsonb('attachments').notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('remote_posts_uri_key').on(t.uri),
    index('remote_posts_actor_published_idx').on(t.remoteActorId, t.publishedAt.desc(), t.id.desc()),
  ],
);

/**
 * People of other servers a person here blocked (`remote_blocks`) or muted (`remote_mutes`), as local
 * blocks and mutes: their comments and notifications stop reaching the blocker, follows end both ways
 * and their `Follow` is refused; a mute stops their notifications and their posts in Following.
 */
const remoteRestriction = (name: string) =>
  pgTable(
    name,
    {
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      remoteActorId: integer('remote_actor_id')
        .notNull()
        .references(() => remoteActors.id, { onDelete: 'cascade' }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.userId, t.remoteActorId] }),
      index(`${name}_actor_idx`).on(t.remoteActorId),
    ],
  );
export const remoteBlocks = remoteRestriction('remote_blocks');
export const remoteMutes = remoteRestriction('remote_mutes');

/**
 * A person here liking a post from elsewhere: our `Like` (its id, which our `Undo` names) went to its
 * author's inbox. One per person and post; gone with the post.
 */
export const remotePostLikes = pgTable(
  'remote_post_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remotePostId: integer('remote_post_id')
      .notNull()
      .references(() => remotePosts.id, { onDelete: 'cascade' }),
    activityId: text('activity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.remotePostId] }),
    index('remote_post_likes_post_idx').on(t.remotePostId),
  ],
);

/**
 * A person here replying to a post from elsewhere: a `Note` of theirs (Markdown, as comments are) at
 * `/ap/comments/r{id}`, sent to the post's author and the person's followers elsewhere.
 */
export const remotePostReplies = pgTable(
  'remote_post_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    remotePostId: integer('remote_post_id')
      .notNull()
      .references(() => remotePosts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('remote_post_replies_post_author_idx').on(t.remotePostId, t.authorId, t.createdAt),
    index('remote_post_replies_author_idx').on(t.authorId),
  ],
);
