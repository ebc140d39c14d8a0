import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { comments, posts, remoteActors } from '../../db/schema/index.js';

/** Where a reply to a comment goes: its post, its thread (threads are one level deep), its author here. */
const placeColumns = {
  id: comments.id,
  postId: comments.postId,
  threadId: sql<number>`coalesce(${comments.parentCommentId}, ${comments.id})`.mapWith(Number),
  authorId: comments.authorId,
  deleted: sql<boolean>`${comments.deletedAt} is not null`,
};

/**
 * Where a reply to `uri` goes when `uri` is a comment that came from another server, with its author
 * when they are a person here (to be told).
 */
export async function findRemoteCommentPlace(db: Database, uri: string) {
  const [row] = await db.select(placeColumns).from(comments).where(eq(comments.remoteUri, uri));
  return row ?? null;
}

/** Where a reply to the Note of our comment `id` goes (one from here: a remote one has its own id). */
export async function findCommentPlace(db: Database, id: number) {
  const [row] = await db
    .select(placeColumns)
    .from(comments)
    .where(and(eq(comments.id, id), isNotNull(comments.authorId)));
  return row ?? null;
}

/**
 * Locks the post a reply from elsewhere is added to, as a comment from here locks it (the count's
 * trigger locks it anyway), while no moderator hid it; its author, or null when it is gone or hidden.
 */
export async function lockPostForRemoteReply(db: Database, postId: number) {
  const [row] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, postId), sql`${posts.hiddenAt} is null`))
    .for('no key update');
  return row ?? null;
}

/** Adds the reply unless its Note already is one (a Create delivered twice); its id, or null. */
export async function insertRemoteComment(
  db: Database,
  values: {
    postId: number;
    remoteActorId: number;
    remoteUri: string;
    content: string;
    parentCommentId: number | null;
    inReplyToId: number | null;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(comments)
    .values(values)
    .onConflictDoNothing({ target: comments.remoteUri })
    .returning({ id: comments.id });
  return row?.id ?? null;
}

/**
 * The comment made of Note `uri` by the actor `actorUri` (no one else's), locked for a change, with
 * where it is in its thread and whether it has replies; null when there is none of theirs.
 */
export async function lockRemoteComment(db: Database, uri: string, actorUri: string) {
  const result = (await db.execute(sql`select ${comments.id} as id, ${comments.postId} as "postId",
      ${comments.parentCommentId} as "parentCommentId",
      exists (select 1 from ${comments} reply where reply.parent_comment_id = ${comments.id}) as "hasReplies"
    from ${posts} join ${comments} on ${comments.postId} = ${posts.id}
      join ${remoteActors} on ${remoteActors.id} = ${comments.remoteActorId}
    where ${comments.remoteUri} = ${uri} and ${remoteActors.uri} = ${actorUri}
      and ${comments.deletedAt} is null
    for no key update of ${posts} for update of ${comments}`)) as unknown as {
    rows: { id: number; postId: number; parentCommentId: number | null; hasReplies: boolean }[];
  };
  return result.rows[0] ?? null;
}

/** The Notes the actor `actorUri` replied with here, for when their account goes. */
export async function selectRemoteCommentUris(db: Database, actorUri: string) {
  const rows = await db
    .select({ uri: comments.remoteUri })
    .from(comments)
    .innerJoin(remoteActors, eq(remoteActors.id, comments.remoteActorId))
    .where(and(eq(remoteActors.uri, actorUri), sql`${comments.deletedAt} is null`));
  return rows.map((row) => row.uri!);
}
