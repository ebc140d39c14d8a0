import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { noBlockBetween } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { isFollowedBy } from '../../db/follow-state.js';
import { blocks, follows, users } from '../../db/schema/index.js';
import { visibleEmail } from '../../db/user-privacy.js';
import { literalLimit } from '../../lib/pagination.js';

/**
 * Adds the follow when the target exists, is not suspended and no block stands between them (asked
 * under the pair's lock, `noBlockBetween`: a block landing meanwhile waits for the follow, then ends
 * it, or refuses it); false when it already existed, the target is missing or it was refused
 * (`followRefused` tells which).
 */
export async function insertFollow(db: Database, followerId: number, followedId: number): Promise<boolean> {
  const added = await db
    .insert(follows)
    .select(
      db
        .select({
          followerId: sql<number>`${followerId}::integer`.as('follower_id'),
          followedId: users.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(
          and(eq(users.id, followedId), isNull(users.suspendedAt), noBlockBetween(followerId, users.id)),
        ),
    )
    .onConflictDoNothing()
    .returning({ followedId: follows.followedId });
  return added.length > 0;
}

/** Whether a follow of `followedId` is refused: a block either way, or the account is suspended. */
export async function followRefused(db: Database, followerId: number, followedId: number): Promise<boolean> {
  const [row] = await db
    .select({
      refused: sql<boolean>`${users.suspendedAt} is not null or exists (select 1 from ${blocks}
        where (${blocks.blockerId} = ${followerId} and ${blocks.blockedId} = ${followedId})
          or (${blocks.blockerId} = ${followedId} and ${blocks.blockedId} = ${followerId}))`,
    })
    .from(users)
    .where(eq(users.id, followedId));
  return row?.refused ?? false;
}

export async function deleteFollow(db: Database, followerId: number, followedId: number): Promise<boolean> {
  const removed = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)))
    .returning({ followedId: follows.followedId });
  return removed.length > 0;
}

/**
 * Whether `followerId` follows the user and the user's exact follower count; null when the user is missing.
 */
export async function findFollowState(db: Database, followerId: number, followedId: number) {
  const [row] = await db
    .select({
      isFollowing: sql<boolean>`exists (
        select 1 from ${follows}
        where ${follows.followerId} = ${followerId} and ${follows.followedId} = ${users.id})`,
      followersCount: users.followersCount,
    })
    .from(users)
    .where(eq(users.id, followedId));
  return row ?? null;
}

/** Which side of a follow a list shows: the user's followers, or the users they follow. */
export type FollowDirection = 'followers' | 'following';

const sides = {
  followers: { user: follows.followedId, other: follows.followerId, count: users.followersCount },
  following: { user: follows.followerId, other: follows.followedId, count: users.followingCount },
} as const;

/** How many users are on that side of `userId` (kept on the user's row); null when the user is missing. */
export async function countFollowList(db: Database, userId: number, direction: FollowDirection) {
  const [row] = await db.select({ total: sides[direction].count }).from(users).where(eq(users.id, userId));
  return row?.total ?? null;
}

/**
 * One page of that side of `userId`, newest follow first, with whether `viewerId` follows each.
 * Suspended accounts are left out (the stored count still includes them until unsuspended).
 */
export async function listFollowPage(
  db: Database,
  userId: number,
  direction: FollowDirection,
  window: { limit: number; offset: number },
  viewerId: number,
) {
  const side = sides[direction];
  return db
    .select({
      id: users.id,
      name: users.name,
      handle: users.handle,
      email: visibleEmail(viewerId),
      profilePicture: users.profilePicture,
      isCurrentUserFollowing: isFollowedBy(viewerId),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, side.other))
    .where(and(eq(side.user, userId), isNull(users.suspendedAt)))
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}
