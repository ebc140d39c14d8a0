import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { comments, posts, users } from '../../db/schema/index.js';
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
};
export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

const selectComments = (db: Database) =>
  db.select(commentColumns).from(comments).innerJoin(users, eq(users.id, comments.authorId));

/** A page of the post's comments with their authors, newest first, in one statement. */
export function selectCommentsOfPost(
  db: Database,
  postId: number,
  window: { limit: number; offset: number },
) {
  return selectComments(db)
    .where(eq(comments.postId, postId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}

/** The post's comment count as kept on its row (migration 0011); 0 for a missing post. */
export async function countCommentsOfPost(db: Database, postId: number) {
  const [row] = await db.select({ count: posts.commentsCount }).from(posts).where(eq(posts.id, postId));
  return row?.count ?? 0;
}

export async function findComment(db: Database, id: number) {
  const [row] = await selectComments(db).where(eq(comments.id, id));
  return row ?? null;
}

/**
 * The post's author; with `lock`, the post row is held until the transaction ends so a concurrent
 * delete of the post waits for the new comment instead of failing it.
 */
export async function findPostAuthor(db: Database, postId: number, lock?: 'key share') {
  const query = db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

/**
 * Who may change the comment: its author and the author of its post. The post's row is locked
 * before the comment's (locks are taken in the order the FOR clauses name them): deleting the
 * comment updates the post's kept count, and a concurrent delete of the post locks the post and
 * then its comments, so taking them the other way round would deadlock.
 */
export async function lockCommentWithPostAuthor(db: Database, id: number) {
  const result = (await db.execute(sql`select ${comments.postId} as "postId",
      ${comments.authorId} as "authorId", ${posts.authorId} as "postAuthorId"
    from ${posts} join ${comments} on ${comments.postId} = ${posts.id}
    where ${comments.id} = ${id}
    for no key update of ${posts} for update of ${comments}`)) as unknown as {
    rows: { postId: number; authorId: number; postAuthorId: number }[];
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

export async function updateCommentContent(db: Database, id: number, content: string) {
  await db.update(comments).set({ content, updatedAt: sql`now()` }).where(eq(comments.id, id));
}

/** Deletes the comment; its notifications and activities go with it (ON DELETE CASCADE). */
export async function deleteComment(db: Database, id: number) {
  await db.delete(comments).where(eq(comments.id, id));
}
