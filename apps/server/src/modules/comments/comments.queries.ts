import { and, desc, eq, sql } from 'drizzle-orm';
import { hiddenUserIds, noBlockBetween, shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { visibleComment } from '../../db/moderation-state.js';
import { comments, commentVersions, posts, users } from '../../db/schema/index.js';
import { commentVisibleTo, visiblePost } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

const commentColumns = {
  id: comments.id,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  postId: comments.postId,
  userId: users.id,
  userName: users.name,
  userPicture: users.profilePicture,
  hiddenAt: comments.hiddenAt,
  hiddenReason: comments.hiddenReason,
  editedAt: comments.editedAt,
};
export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

const selectComments = (db: Database) =>
  db.select(commentColumns).from(comments).innerJoin(users, eq(users.id, comments.authorId));

/**
 * A page of the post's comments with their authors, newest first, but those of users blocked either
 * way by the viewer and others' a moderator hid, in one statement.
 */
export function selectCommentsOfPost(
  db: Database,
  postId: number,
  viewerId: number,
  window: { limit: number; offset: number },
) {
  return selectComments(db)
    .where(
      and(
        eq(comments.postId, postId),
        shownTo(viewerId, comments.authorId, { muted: false }),
        visibleComment(viewerId),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}

/**
 * The post's comments the viewer sees: the count kept on its row (migration 0011) less those of
 * users blocked either way, looked up by the post's comment index among the few hidden authors, and
 * less others' a moderator hid (through `comments_hidden_post_idx`).
 */
export async function countCommentsOfPost(db: Database, postId: number, viewerId: number) {
  const [row] = await db
    .select({
      count: sql`${posts.commentsCount} - (select count(*) from ${comments}
        where ${comments.postId} = ${postId}
          and (${comments.authorId} = any(${hiddenUserIds(viewerId, { muted: false })})
            or not ${visibleComment(viewerId)}))`.mapWith(Number),
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.count ?? 0;
}

export async function findComment(db: Database, id: number) {
  const [row] = await selectComments(db).where(eq(comments.id, id));
  return row ?? null;
}

/**
 * The post's author, null when the post is missing or hidden from the viewer (blocked either way, its
 * author suspended, or hidden by a moderator).
 */
export async function findPostAuthor(db: Database, postId: number, viewerId: number) {
  const [row] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(
      and(eq(posts.id, postId), shownTo(viewerId, posts.authorId, { muted: false }), visiblePost(viewerId)),
    );
  return row ?? null;
}

/**
 * The author of the post the viewer is about to comment on, null when it is missing, hidden from the
 * viewer or a block stands between them. Both holds last until the transaction ends: the post row, so
 * a concurrent delete of the post waits for the new comment instead of failing it, and the pair's
 * lock, so a concurrent block waits for the comment or refuses it (`noBlockBetween`).
 */
export async function lockPostToComment(db: Database, postId: number, viewerId: number) {
  const [row] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(
      and(
        eq(posts.id, postId),
        noBlockBetween(viewerId, posts.authorId),
        shownTo(viewerId, posts.authorId, { muted: false }),
        visiblePost(viewerId),
      ),
    )
    .for('key share');
  return row ?? null;
}

/**
 * Who may change the comment (its author and the author of its post), and whether `viewerId` may
 * see it and its post (`commentVisibleTo`). The post's row is locked
 * before the comment's (locks are taken in the order the FOR clauses name them): deleting the
 * comment updates the post's denormalised count, and a concurrent delete of the post locks the post and
 * then its comments, so taking them the other way round would deadlock.
 */
export async function lockCommentWithPostAuthor(db: Database, id: number, viewerId: number) {
  const result = (await db.execute(sql`select ${comments.postId} as "postId",
      ${comments.authorId} as "authorId", ${posts.authorId} as "postAuthorId",
      ${commentVisibleTo(viewerId)} as "visible"
    from ${posts} join ${comments} on ${comments.postId} = ${posts.id}
    where ${comments.id} = ${id}
    for no key update of ${posts} for update of ${comments}`)) as unknown as {
    rows: { postId: number; authorId: number; postAuthorId: number; visible: boolean }[];
  };
  return result.rows[0] ?? null;
}

export async function insertComment(
  db: Database,
  values: { postId: number; authorId: number; content: string },
) {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

/**
 * Sets the comment's text; when it differs from the text it had, keeps both versions first (the
 * original, as of the comment's creation, only on its first edit) and marks it edited: one statement.
 * The comment's row is locked by the caller.
 */
export async function updateCommentContent(db: Database, id: number, content: string) {
  await db.execute(sql`with current as (
      select ${comments.id} as id, ${comments.content} as content, ${comments.createdAt} as created_at,
        ${comments.editedAt} as edited_at
      from ${comments} where ${comments.id} = ${id} and ${comments.content} <> ${content}),
    original as (
      insert into ${commentVersions} (comment_id, content, created_at)
      select id, content, created_at from current where edited_at is null),
    next as (insert into ${commentVersions} (comment_id, content) select id, ${content} from current)
    update ${comments} set content = ${content}, updated_at = now(),
      edited_at = case when exists (select from current) then now() else ${comments.editedAt} end
    where ${comments.id} = ${id}`);
}

export type CommentVersionRow = { content: string; createdAt: string };

/**
 * A page of the comment's versions, newest first, with how many it has and whether `viewerId` may
 * see the comment and its post (`commentVisibleTo`), in one statement; null when there is no such
 * comment. A comment never edited has no stored version: its own row is its one version.
 */
export async function selectCommentVersions(
  db: Database,
  id: number,
  viewerId: number,
  window: { limit: number; offset: number },
) {
  const result = (await db.execute(sql`select ${commentVisibleTo(viewerId)} as visible,
      ${comments.content} as content, ${comments.createdAt} as "createdAt",
      (select count(*) from ${commentVersions} where ${commentVersions.commentId} = ${comments.id})::int
        as total,
      coalesce((select json_agg(json_build_object('content', v.content, 'createdAt', v.created_at)
          order by v.created_at desc, v.id desc)
        from (select * from ${commentVersions} where ${commentVersions.commentId} = ${comments.id}
          order by ${commentVersions.createdAt} desc, ${commentVersions.id} desc
          limit ${literalLimit(window.limit)} offset ${window.offset}) v), '[]') as versions
    from ${posts} join ${comments} on ${comments.postId} = ${posts.id}
    where ${comments.id} = ${id}`)) as unknown as {
    rows: {
      visible: boolean;
      content: string;
      createdAt: Date | string;
      total: number;
      versions: CommentVersionRow[];
    }[];
  };
  return result.rows[0] ?? null;
}

/** Deletes the comment; its notifications and activities go with it (ON DELETE CASCADE). */
export async function deleteComment(db: Database, id: number) {
  await db.delete(comments).where(eq(comments.id, id));
}
