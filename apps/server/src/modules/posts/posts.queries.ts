import { and, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { hiddenUserIds, noBlockBetween, shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import {
  postLikes,
  postMedia,
  posts,
  postTags,
  postVersions,
  rowCounts,
  savedPosts,
  users,
} from '../../db/schema/index.js';
import { tagNamesOf, upsertedTagIds } from '../../db/tagging.js';
import { postAsEveryoneSees, postPublished, postVisibleTo, visiblePost } from '../../db/visibility.js';
import { literalLimit, preparedPerKey } from '../../lib/pagination.js';
import type { MediaItem, NewMedia } from '../../lib/uploads/media.js';

/**
 * A post row with its author, its counts (kept on the row by the triggers of migration 0011), the
 * viewer's like and its media: no follow-up queries.
 */
const postColumns = (viewerId: Placeholder | SQL) => ({
  id: posts.id,
  title: posts.title,
  content: posts.content,
  category: posts.category,
  learningProgressPercent: posts.learningProgressPercent,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  authorId: users.id,
  authorName: users.name,
  authorPicture: users.profilePicture,
  likesCount: posts.likesCount,
  commentsCount: posts.commentsCount,
  sharesCount: posts.sharesCount,
  hiddenAt: posts.hiddenAt,
  hiddenReason: posts.hiddenReason,
  editedAt: posts.editedAt,
  coverMediaId: posts.coverMediaId,
  isLikedByCurrentUser: sql<boolean>`exists (
    select 1 from ${postLikes}
    where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
  isSaved: sql<boolean>`exists (
    select 1 from ${savedPosts}
    where ${savedPosts.postId} = ${posts.id} and ${savedPosts.userId} = ${viewerId})`,
  media: sql<MediaItem[]>`coalesce((
    select json_agg(json_build_object('id', ${postMedia.id}, 'type', ${postMedia.type},
      'fileKey', ${postMedia.fileKey}, 'thumbnailKey', ${postMedia.thumbnailKey}, 'width', ${postMedia.width},
      'height', ${postMedia.height}, 'durationSeconds', ${postMedia.durationSeconds},
      'altText', ${postMedia.altText})
      order by ${postMedia.position}, ${postMedia.id})
    from ${postMedia} where ${postMedia.postId} = ${posts.id}), '[]')`,
  tags: tagNamesOf(postTags, postTags.postId, postTags.tagId, posts.id),
});

const newestFirst = [desc(posts.createdAt), desc(posts.id)];
const viewerId = sql.placeholder('viewerId');

/**
 * Posts matching `where`, newest first, but those of authors blocked either way and those hidden by a
 * moderator (docs/features.md, "Reports and moderation").
 */
const postRows = (db: Database, where: SQL) =>
  db
    .select(postColumns(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(where, shownTo(viewerId, posts.authorId, { muted: false }), visiblePost(viewerId)))
    .orderBy(...newestFirst);

/**
 * How many posts the feed shows `viewer`: all of them (kept by the triggers of migration 0006) less
 * those of the authors hidden from them (each author's count kept on their row) and the others'
 * posts a moderator hid (the few read through `posts_hidden_author_idx`): no scan either way.
 */
const feedTotal = (viewer: number | Placeholder) =>
  sql<number>`(select ${rowCounts.count} from ${rowCounts} where ${rowCounts.tableName} = 'posts')
    - (select coalesce(sum(${users.postsCount}), 0) from ${users}
      where ${users.id} = any(${hiddenUserIds(viewer, { muted: true })}))
    - (select count(*) from ${posts} where ${posts.hiddenAt} is not null and ${posts.authorId} <> ${viewer}
      and ${shownTo(viewer, posts.authorId, { muted: true })})`;

/**
 * How many posts `author` wrote, as `viewer` sees them: none when either blocked the other, and
 * none a moderator hid unless the viewer is the author.
 */
const authorTotal = (viewer: number | Placeholder, author: number | Placeholder) =>
  sql<number>`select case when ${shownTo(viewer, users.id, { muted: false })} then ${users.postsCount}
      - (select count(*) from ${posts} where ${posts.authorId} = ${users.id} and ${posts.hiddenAt} is not null
        and ${posts.authorId} <> ${viewer})::int
    else 0 end
    from ${users} where ${users.id} = ${author}`;

/**
 * One page of `size` posts matching `where`, newest first, each row with `total` (how many match in
 * all): one statement, one round trip. The page's ids are found first: PostgreSQL computes a row's
 * counts before OFFSET skips it, so deep pages would count the likes and comments of every post
 * before them. `after`: the posts after the cursor's instead of OFFSET, read from the index where
 * the cursor's post is (its time as the cursor says when it was deleted since).
 */
function postPage(db: Database, where: SQL, total: SQL, { size, after }: Shape) {
  const afterCursor = sql`(${posts.createdAt}, ${posts.id}) < (coalesce(
      (select c.created_at from posts c where c.id = ${sql.placeholder('cursorId')}),
      to_timestamp(${sql.placeholder('cursorAt')}::bigint / 1000.0)),
    ${sql.placeholder('cursorId')})`;
  const ids = db
    .select({ id: posts.id })
    .from(posts)
    .where(after ? and(where, afterCursor) : where)
    .orderBy(...newestFirst)
    .limit(literalLimit(size))
    .$dynamic();
  const page = (after ? ids : ids.offset(sql.placeholder('offset'))).as('page');
  return db
    .select({ ...postColumns(viewerId), total: sql`(${total})`.mapWith(Number) })
    .from(page)
    .innerJoin(posts, eq(posts.id, page.id))
    .innerJoin(users, eq(users.id, posts.authorId))
    .orderBy(...newestFirst);
}

/** A page's size, and whether it follows a cursor (else an OFFSET). */
type Shape = { size: number; after: boolean };
/** Which posts a read answers: LIMIT and OFFSET, or LIMIT after a cursor's post. */
export type Window = { limit: number; offset: number; cursor?: { at: number; id: number } | undefined };

const shapeOf = ({ limit, cursor }: Window): Shape => ({ size: limit, after: cursor !== undefined });
const windowParameters = ({ offset, cursor }: Window) =>
  cursor ? { offset: 0, cursorId: cursor.id, cursorAt: cursor.at } : { offset };
/** Statement names per shape: `${name}_page_10`, `${name}_after_10`. */
const statementName = (name: string, { size, after }: Shape) => `${name}_${after ? 'after' : 'page'}_${size}`;
const keyOfShape = ({ size, after }: Shape) => `${size}:${after}`;

/**
 * The post reads of every feed, profile and post page, each one statement whose SQL is built once
 * per page size: building it again for each request (Drizzle) took a fifth of a feed request's time.
 */
export function preparePostReads(db: Database) {
  const authorId = sql.placeholder('authorId');
  // The feed leaves out muted authors too; a profile shows its muted owner's posts (as Mastodon does).
  const feedPages = preparedPerKey(
    (shape: Shape) =>
      postPage(
        db,
        and(shownTo(viewerId, posts.authorId, { muted: true }), visiblePost(viewerId))!,
        sql`select ${feedTotal(viewerId)}`,
        shape,
      ).prepare(statementName('posts_feed', shape)),
    keyOfShape,
  );
  const authorPages = preparedPerKey(
    (shape: Shape) =>
      postPage(
        db,
        and(
          eq(posts.authorId, authorId),
          shownTo(viewerId, posts.authorId, { muted: false }),
          visiblePost(viewerId),
        )!,
        authorTotal(viewerId, authorId),
        shape,
      ).prepare(statementName('posts_author', shape)),
    keyOfShape,
  );
  const withIds = postRows(db, sql`${posts.id} = any(${sql.placeholder('ids')})`).prepare('posts_with_ids');
  const sharedFeedState = sharedPageState(db).prepare('posts_feed_viewer_state');
  const counts = db
    .select({
      counts: sql<[id: number, likesCount: number, commentsCount: number, sharesCount: number][]>`coalesce(
        json_agg(json_build_array(${posts.id}, ${posts.likesCount}, ${posts.commentsCount},
          ${posts.sharesCount})), '[]')`,
    })
    .from(posts)
    .where(sql`${posts.id} = any(${sql.placeholder('ids')})`)
    .prepare('posts_counts');
  return {
    /** A page of all posts; an empty page (past the end) has no row to carry the total. */
    feed: (viewer: number, window: Window) =>
      feedPages(shapeOf(window)).execute({ viewerId: viewer, ...windowParameters(window) }),
    ofAuthor: (viewer: number, author: number, window: Window) =>
      authorPages(shapeOf(window)).execute({
        viewerId: viewer,
        authorId: author,
        ...windowParameters(window),
      }),
    /** The posts among `ids`, in no particular order. */
    withIds: (viewer: number, ids: readonly number[]) => withIds.execute({ viewerId: viewer, ids: [...ids] }),
    /**
     * What `viewer` adds to the feed's first page as a visitor sees it (`ids`, newest first, the last one
     * `lastId`, or 0 when the page is not full): one statement, undefined without the posts' count row.
     */
    sharedFeedState: async (viewer: number, ids: readonly number[], lastId: number) =>
      (await sharedFeedState.execute({ viewerId: viewer, ids: [...ids], lastId }))[0],
    /** [id, likes, comments, shares] of the posts among `ids`, in no particular order. */
    counts: async (ids: readonly number[]) => (await counts.execute({ ids: [...ids] }))[0]?.counts ?? [],
  };
}

/**
 * The viewer's part of a shared first page of the feed, read by primary keys and small indexes: the
 * page's posts they liked and saved, those they see as everyone does (any missing: hidden by a
 * moderator, deleted, of an author blocked either way, muted or suspended), whether
 * a post of theirs a moderator hid belongs on the page (their own feed shows it), and their total.
 */
function sharedPageState(db: Database) {
  const ids = sql.placeholder('ids');
  const lastId = sql.placeholder('lastId');
  return db
    .select({
      liked: sql<number[]>`array(select ${postLikes.postId} from ${postLikes}
        where ${postLikes.userId} = ${viewerId} and ${postLikes.postId} = any(${ids}))`,
      saved: sql<number[]>`array(select ${savedPosts.postId} from ${savedPosts}
        where ${savedPosts.userId} = ${viewerId} and ${savedPosts.postId} = any(${ids}))`,
      shown: sql<number[]>`array(select ${posts.id} from ${posts}
        where ${posts.id} = any(${ids}) and ${postAsEveryoneSees(viewerId)})`,
      ownHidden: sql<boolean>`exists (select 1 from ${posts}
        where ${posts.authorId} = ${viewerId} and ${posts.hiddenAt} is not null and ${postPublished}
          and (${lastId} = 0 or (${posts.createdAt}, ${posts.id})
            > (select lp.created_at, lp.id from ${posts} lp where lp.id = ${lastId})))`,
      total: sql`(${feedTotal(viewerId)})`.mapWith(Number),
    })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, 'posts'));
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof preparePostReads>['withIds']>>[number];

/** How many posts the feed shows `viewerId` (no scan of the table). */
export async function countFeedPosts(db: Database, viewerId: number) {
  const result = (await db.execute(sql`select (${feedTotal(viewerId)})::int as total`)) as unknown as {
    rows: { total: number }[];
  };
  return result.rows[0]?.total ?? 0;
}

/**
 * How many posts of `authorId` `viewerId` sees (as kept on the user's row), and whether that user exists at
 * all.
 */
export async function countPostsOfAuthor(db: Database, authorId: number, viewerId: number) {
  const result = (await db.execute(sql`select (${authorTotal(viewerId, authorId)}) as total`)) as unknown as {
    rows: { total: number | null }[];
  };
  const total = result.rows[0]?.total ?? null;
  return { total: total ?? 0, authorExists: total !== null };
}

/** Who wrote a post and whether `viewerId` may see it. */
const postAuthorFor = (db: Database, id: number, viewerId: number) =>
  db
    .select({ authorId: posts.authorId, visible: postVisibleTo(viewerId) })
    .from(posts)
    .where(eq(posts.id, id));

/**
 * The post's author and whether `viewerId` may see it, locking the row until the transaction ends:
 * `update` for changes to the post itself, `key share` while adding likes or comments (so a
 * concurrent delete waits, but likes don't).
 */
export async function lockPost(db: Database, id: number, viewerId: number, mode: 'update' | 'key share') {
  const [row] = await postAuthorFor(db, id, viewerId).for(mode);
  return row ?? null;
}

/**
 * The post's author and whether `viewerId` may see it, without locking, for checks made before reading an
 * upload.
 */
export async function findPostAuthor(db: Database, id: number, viewerId: number) {
  const [row] = await postAuthorFor(db, id, viewerId);
  return row ?? null;
}

export type PostFields = {
  title: string;
  content: string;
  category: string;
  learningProgressPercent: number | null;
};

/** A new post, out at once; with `publishAt`, unpublished until its job publishes it then. */
export async function insertPost(db: Database, authorId: number, fields: PostFields, publishAt?: Date) {
  const [row] = await db
    .insert(posts)
    .values({ authorId, ...fields, ...(publishAt && { publishAt, publishedAt: null }) })
    .returning({ id: posts.id });
  return row!.id;
}

const waiting = (authorId: number, id: number) =>
  and(eq(posts.id, id), eq(posts.authorId, authorId), sql`${posts.publishedAt} is null`);

/**
 * Publishes a scheduled post whose time has come, once: the one statement that claims it, so of two
 * workers (or a job run again) only the first changes the row; the other finds it published. It takes
 * that moment as its creation time, so feeds show it as new. A post moved to a later time is left for
 * the later job. Null when there is nothing to publish.
 */
export async function claimScheduledPost(db: Database, id: number) {
  const [row] = await db
    .update(posts)
    .set({ publishedAt: sql`now()`, createdAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(posts.id, id), sql`${posts.publishedAt} is null`, sql`${posts.publishAt} <= now()`))
    .returning({ authorId: posts.authorId, title: posts.title, content: posts.content });
  return row ?? null;
}

/** A new time and/or text for the author's waiting post; its time, or null when there is no such post. */
export async function updateScheduledPost(
  db: Database,
  authorId: number,
  id: number,
  change: { publishAt?: Date; title?: string; content?: string },
) {
  const [row] = await db
    .update(posts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(waiting(authorId, id))
    .returning({ publishAt: posts.publishAt });
  return row?.publishAt ?? null;
}

/** Locks the author's waiting post for its removal: its id, or null when there is no such post. */
export async function lockScheduledPost(db: Database, authorId: number, id: number) {
  const [row] = await db.select({ id: posts.id }).from(posts).where(waiting(authorId, id)).for('update');
  return row ?? null;
}

/**
 * One page of the author's waiting posts (or the one of them with `id`), soonest first, and how many they
 * have: two statements whatever the page holds, through `posts_scheduled_author_idx`.
 */
export async function selectScheduledPage(db: Database, authorId: number, window: Window, id?: number) {
  const rows = await db
    .select({ ...postColumns(sql`${authorId}::int`), publishAt: posts.publishAt })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        eq(posts.authorId, authorId),
        sql`${posts.publishedAt} is null`,
        id === undefined ? undefined : eq(posts.id, id),
      ),
    )
    .orderBy(posts.publishAt, posts.id)
    .limit(window.limit)
    .offset(window.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), sql`${posts.publishedAt} is null`));
  return { rows, total: count?.total ?? 0 };
}

/**
 * Sets the post's fields; `edited` (its title, text or media changed) marks it edited now. A cover left
 * `undefined` stays as it was.
 */
export async function updatePost(
  db: Database,
  id: number,
  fields: PostFields & { coverMediaId?: number | null },
  edited: boolean,
) {
  await db
    .update(posts)
    .set({ ...fields, updatedAt: sql`now()`, ...(edited && { editedAt: sql`now()` }) })
    .where(eq(posts.id, id));
}

export async function setCover(db: Database, id: number, coverMediaId: number) {
  await db.update(posts).set({ coverMediaId }).where(eq(posts.id, id));
}

/**
 * Keeps the edit of a post about to be made, unless its title and text stay as they are and no media
 * changed: the first edit also keeps the original (as of the post's creation). Answers whether it kept
 * one, in one statement. The post's row is locked by the caller.
 */
export async function recordPostVersion(
  db: Database,
  id: number,
  next: { title: string; content: string },
  mediaChanged: boolean,
): Promise<boolean> {
  const result = (await db.execute(sql`with current as (
      select ${posts.id} as id, ${posts.title} as title, ${posts.content} as content,
        ${posts.createdAt} as created_at, ${posts.editedAt} as edited_at
      from ${posts} where ${posts.id} = ${id}
        and (${posts.title} <> ${next.title} or ${posts.content} <> ${next.content}
          or ${mediaChanged}::boolean)),
    original as (
      insert into ${postVersions} (post_id, title, content, media_changed, created_at)
      select id, title, content, false, created_at from current where edited_at is null)
    insert into ${postVersions} (post_id, title, content, media_changed)
    select id, ${next.title}, ${next.content}, ${mediaChanged}::boolean from current
    returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export type PostVersionRow = { title: string; content: string; createdAt: string; mediaChanged: boolean };

/**
 * A page of the post's versions, newest first, with how many it has and whether `viewerId` may see
 * the post (`postVisibleTo`), in one statement; null when there is no such post. A post never edited
 * has no stored version: its own row is its one version.
 */
export async function selectPostVersions(
  db: Database,
  id: number,
  viewerId: number,
  window: { limit: number; offset: number },
) {
  const result = (await db.execute(sql`select ${postVisibleTo(viewerId)} as visible,
      ${posts.title} as title, ${posts.content} as content, ${posts.createdAt} as "createdAt",
      (select count(*) from ${postVersions} where ${postVersions.postId} = ${posts.id})::int as total,
      coalesce((select json_agg(json_build_object('title', v.title, 'content', v.content,
          'createdAt', v.created_at, 'mediaChanged', v.media_changed) order by v.created_at desc, v.id desc)
        from (select * from ${postVersions} where ${postVersions.postId} = ${posts.id}
          order by ${postVersions.createdAt} desc, ${postVersions.id} desc
          limit ${literalLimit(window.limit)} offset ${window.offset}) v), '[]') as versions
    from ${posts} where ${posts.id} = ${id}`)) as unknown as {
    rows: {
      visible: boolean;
      title: string;
      content: string;
      createdAt: Date | string;
      total: number;
      versions: PostVersionRow[];
    }[];
  };
  return result.rows[0] ?? null;
}

/**
 * Deletes the post; likes, comments, media rows, activities and notifications go with it (ON DELETE CASCADE).
 */
export async function deletePost(db: Database, id: number) {
  await db.delete(posts).where(eq(posts.id, id));
}

/** Gives the post exactly the tags `names` (each once), creating the tags nobody used yet: one statement. */
export async function setPostTags(db: Database, postId: number, names: readonly string[]) {
  await db.execute(sql`with wanted as (${upsertedTagIds(names)}),
    dropped as (delete from ${postTags} where ${postTags.postId} = ${postId}
      and ${postTags.tagId} not in (select id from wanted))
    insert into ${postTags} (post_id, tag_id) select ${postId}::int, id from wanted on conflict do nothing`);
}

/** Appends media after the post's last position; answers their ids, in the order given. */
export async function insertMedia(db: Database, postId: number, media: readonly NewMedia[]) {
  if (media.length === 0) return [];
  const next = sql`(select coalesce(max(${postMedia.position}) + 1, 0) from ${postMedia}
    where ${postMedia.postId} = ${postId})`;
  const rows = await db
    .insert(postMedia)
    .values(media.map((item, index) => ({ ...item, postId, position: sql`${next} + ${index}` })))
    .returning({ id: postMedia.id, position: postMedia.position });
  return rows.sort((a, b) => a.position - b.position).map((row) => row.id);
}

/** Storage keys, ids and types of the post's media. */
export function selectMediaFiles(db: Database, postId: number) {
  return db
    .select({
      id: postMedia.id,
      type: postMedia.type,
      fileKey: postMedia.fileKey,
      thumbnailKey: postMedia.thumbnailKey,
    })
    .from(postMedia)
    .where(eq(postMedia.postId, postId));
}

/** Gives media of the post new descriptions, in one statement; returns how many were the post's. */
export async function describeMedia(
  db: Database,
  postId: number,
  descriptions: readonly { id: number; altText: string }[],
): Promise<number> {
  if (descriptions.length === 0) return 0;
  const described = (await db.execute(sql`
    update ${postMedia} set alt_text = d."altText"
    from jsonb_to_recordset(${JSON.stringify(descriptions)}::jsonb) as d("id" int, "altText" text)
    where ${postMedia.id} = d."id" and ${postMedia.postId} = ${postId}
    returning ${postMedia.id}`)) as unknown as { rows: { id: number }[] };
  return described.rows.length;
}

export async function deleteMedia(db: Database, postId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.delete(postMedia).where(and(eq(postMedia.postId, postId), inArray(postMedia.id, [...ids])));
}

export type LikeToggle = { postAuthorId: number; added: boolean; removed: boolean; likesCount: number };

/**
 * Removes the user's like, or adds it when there was none, in one statement; null when the post is missing or
 * hidden from the user (its author suspended, or the post hidden by a moderator) or a block stands between
 * the user and its author (asked under the pair's lock, `noBlockBetween`, so a block landing meanwhile waits
 * for the like or refuses it). The post's row is locked first, as the count's trigger would lock it anyway: a
 * concurrent delete of the post then waits for the toggle (or the toggle finds no post), instead of each
 * waiting on rows the other has (a deadlock). Toggles of one post follow each other, so the denormalised
 * count read
 * under the lock, with this change applied, is exact. A toggle by the same user racing one that added the
 * like first leaves neither added nor removed (the service then runs it again).
 */
export async function toggleLike(db: Database, postId: number, userId: number): Promise<LikeToggle | null> {
  const result = (await db.execute(sql`with post as (
      select ${posts.id} as id, ${posts.authorId} as author_id, ${posts.likesCount} as likes_count
      from ${posts} where ${posts.id} = ${postId} and ${noBlockBetween(userId, posts.authorId)}
        and ${shownTo(userId, posts.authorId, { muted: false })} and ${visiblePost(userId)}
      for no key update),
    removed as (
      delete from ${postLikes}
      where ${postLikes.postId} = (select id from post) and ${postLikes.userId} = ${userId}
      returning 1),
    added as (
      insert into ${postLikes} (post_id, user_id)
      select id, ${userId}::integer from post where not exists (select from removed)
      on conflict do nothing
      returning 1)
    select author_id as "postAuthorId",
      exists (select from added) as added, exists (select from removed) as removed,
      likes_count + (select count(*) from added)::int - (select count(*) from removed)::int as "likesCount"
    from post`)) as unknown as { rows: LikeToggle[] };
  return result.rows[0] ?? null;
}
