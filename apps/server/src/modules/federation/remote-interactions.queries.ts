import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  remoteActors,
  remoteBlocks,
  remoteFollows,
  remoteMutes,
  remotePostLikes,
  remotePostReplies,
  remotePosts,
  users,
} from '../../db/schema/index.js';

/**
 * Post `id` from elsewhere as `viewerId` may act on it: its author is someone they follow there (accepted,
 * so not on a blocked server, whose follows a block ends) and did not block or mute. With where a like or
 * reply to its author goes (the inbox their follow went to). One statement; null otherwise.
 */
export async function findActionableRemotePost(db: Database, viewerId: number, id: number) {
  const [row] = await db
    .select({
      id: remotePosts.id,
      uri: remotePosts.uri,
      authorUri: remoteActors.uri,
      authorHandle: remoteActors.handle,
      authorInboxUrl: remoteFollows.inboxUrl,
    })
    .from(remotePosts)
    .innerJoin(remoteActors, eq(remoteActors.id, remotePosts.remoteActorId))
    .innerJoin(
      remoteFollows,
      and(
        eq(remoteFollows.remoteActorId, remotePosts.remoteActorId),
        eq(remoteFollows.followerId, viewerId),
        eq(remoteFollows.state, 'ACCEPTED'),
      ),
    )
    .where(
      and(
        eq(remotePosts.id, id),
        sql`not exists (select 1 from ${remoteMutes} m
          where m.user_id = ${viewerId} and m.remote_actor_id = ${remotePosts.remoteActorId})`,
        sql`not exists (select 1 from ${remoteBlocks} b
          where b.user_id = ${viewerId} and b.remote_actor_id = ${remotePosts.remoteActorId})`,
      ),
    );
  return row ?? null;
}
export type ActionableRemotePost = NonNullable<Awaited<ReturnType<typeof findActionableRemotePost>>>;

/** Records the like; false when the viewer already liked the post (nothing is sent again). */
export async function insertRemotePostLike(
  db: Database,
  like: { userId: number; remotePostId: number; activityId: string },
) {
  const added = await db.insert(remotePostLikes).values(like).onConflictDoNothing().returning({
    userId: remotePostLikes.userId,
  });
  return added.length > 0;
}

/** Takes the like back: the id of the `Like` it was sent as, which the `Undo` names, or null. */
export async function deleteRemotePostLike(db: Database, userId: number, remotePostId: number) {
  const [row] = await db
    .delete(remotePostLikes)
    .where(and(eq(remotePostLikes.userId, userId), eq(remotePostLikes.remotePostId, remotePostId)))
    .returning({ activityId: remotePostLikes.activityId });
  return row?.activityId ?? null;
}

export async function countRemotePostLikes(db: Database, remotePostId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(remotePostLikes)
    .where(eq(remotePostLikes.remotePostId, remotePostId));
  return row?.count ?? 0;
}

export async function insertRemotePostReply(
  db: Database,
  reply: { remotePostId: number; authorId: number; content: string },
) {
  const [row] = await db.insert(remotePostReplies).values(reply).returning();
  return row!;
}

/** Edits the viewer's reply `id` to post `remotePostId`: the reply as it now is, or null if not theirs. */
export async function updateRemotePostReply(
  db: Database,
  reply: { id: number; remotePostId: number; authorId: number; content: string },
) {
  const [row] = await db
    .update(remotePostReplies)
    .set({ content: reply.content, editedAt: sql`now()` })
    .where(ownReply(reply))
    .returning();
  return row ?? null;
}

/** Deletes the viewer's reply `id` to post `remotePostId`; false if it was not theirs. */
export async function deleteRemotePostReply(
  db: Database,
  reply: { id: number; remotePostId: number; authorId: number },
) {
  const gone = await db
    .delete(remotePostReplies)
    .where(ownReply(reply))
    .returning({ id: remotePostReplies.id });
  return gone.length > 0;
}

const ownReply = (reply: { id: number; remotePostId: number; authorId: number }) =>
  and(
    eq(remotePostReplies.id, reply.id),
    eq(remotePostReplies.remotePostId, reply.remotePostId),
    eq(remotePostReplies.authorId, reply.authorId),
  );

/**
 * Reply `id` as its Note shows it, while its author shows their profile to visitors (their actor exists)
 * and the post is kept here: with the post's object id and its author. One statement; null otherwise.
 */
export async function findPublicRemotePostReply(db: Database, id: number) {
  const [row] = await db
    .select({
      id: remotePostReplies.id,
      authorId: remotePostReplies.authorId,
      content: remotePostReplies.content,
      createdAt: remotePostReplies.createdAt,
      editedAt: remotePostReplies.editedAt,
      postUri: remotePosts.uri,
      postAuthorUri: remoteActors.uri,
      postAuthorHandle: remoteActors.handle,
    })
    .from(remotePostReplies)
    .innerJoin(users, eq(users.id, remotePostReplies.authorId))
    .innerJoin(remotePosts, eq(remotePosts.id, remotePostReplies.remotePostId))
    .innerJoin(remoteActors, eq(remoteActors.id, remotePosts.remoteActorId))
    .where(
      and(eq(remotePostReplies.id, id), eq(users.showProfileToVisitors, true), isNull(users.suspendedAt)),
    );
  return row ?? null;
}
export type RemotePostReplyRow = NonNullable<Awaited<ReturnType<typeof findPublicRemotePostReply>>>;
