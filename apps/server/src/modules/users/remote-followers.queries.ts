import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { remoteActors, remoteFollowers, remoteFollows, users } from '../../db/schema/index.js';
import { literalLimit } from '../../lib/pagination.js';

/** How many people elsewhere follow `userId`; null when the user is missing. One primary-key read. */
export async function countRemoteFollowers(db: Database, userId: number) {
  const [row] = await db
    .select({
      // Qualified by hand: in a one-table select Drizzle writes columns bare ("id" would be the follower's).
      total: sql<number>`(select count(*)::int from ${remoteFollowers} rf where rf.user_id = ${users}.id)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.total ?? null;
}

/**
 * One page of the people elsewhere who follow `userId`, newest first, as their actor last described
 * them (`remote_actors`); a follower kept before that record existed has their handle and actor id.
 */
export function listRemoteFollowerPage(
  db: Database,
  userId: number,
  window: { limit: number; offset: number },
) {
  return db
    .select({
      id: remoteFollowers.id,
      handle: sql<string>`coalesce(${remoteActors.handle}, ${remoteFollowers.handle})`,
      name: remoteActors.name,
      profilePicture: remoteActors.iconUrl,
      url: sql<string>`coalesce(${remoteActors.profileUrl}, ${remoteFollowers.actorUri})`,
      since: remoteFollowers.createdAt,
    })
    .from(remoteFollowers)
    .leftJoin(remoteActors, eq(remoteActors.uri, remoteFollowers.actorUri))
    .where(eq(remoteFollowers.userId, userId))
    .orderBy(desc(remoteFollowers.createdAt), desc(remoteFollowers.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}

/** Removes the follower elsewhere `id` of `userId`: what their server is told, or null when no such. */
export async function deleteRemoteFollowerOf(db: Database, userId: number, id: number) {
  const [row] = await db
    .delete(remoteFollowers)
    .where(and(eq(remoteFollowers.id, id), eq(remoteFollowers.userId, userId)))
    .returning({
      actorUri: remoteFollowers.actorUri,
      inboxUrl: remoteFollowers.inboxUrl,
      followId: remoteFollowers.followId,
    });
  return row ?? null;
}

/** Ends every follow between `userId` and people elsewhere, both ways: one statement. */
export async function deleteRemoteFollowsBothWays(db: Database, userId: number) {
  await db.execute(sql`with followers as (delete from ${remoteFollowers} where user_id = ${userId})
    delete from ${remoteFollows} where follower_id = ${userId}`);
}
