import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { blocks, follows, mutes, users } from '../../db/schema/index.js';
import { forgetPartsAfterCommit } from '../../db/shared-pages.js';
import { literalLimit } from '../../lib/pagination.js';

/** Blocking and muting are the same kind of row: an owner (who blocks or mutes) and the other user. */
export type Restriction = 'block' | 'mute';

const tables = {
  block: { table: blocks, owner: blocks.blockerId, other: blocks.blockedId, since: blocks.createdAt },
  mute: { table: mutes, owner: mutes.muterId, other: mutes.mutedId, since: mutes.createdAt },
} as const;

/**
 * Takes the pair's lock that likes, comments and follows between them take shared while they check
 * for a block (`noBlockBetween`): those in flight commit first, later ones wait and see the block.
 */
export async function lockPairForBlock(db: Database, a: number, b: number) {
  await db.execute(sql`select pg_advisory_xact_lock(user_pair_lock_key(${a}, ${b}))`);
}

/**
 * Locks both users' rows, in id order, as the follow counters' trigger does (migration 0011): a
 * follow between them being written meanwhile commits first and is then seen (and ended) by the
 * block, or waits for the block and then sees it. Answers how many of the two exist.
 */
export async function lockUsers(db: Database, ids: [number, number]) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('no key update');
  return rows.length;
}

export async function addRestriction(db: Database, kind: Restriction, ownerId: number, otherId: number) {
  const { table, owner, other } = tables[kind];
  await db.execute(sql`insert into ${table} (${sql.identifier(owner.name)}, ${sql.identifier(other.name)})
    values (${ownerId}, ${otherId}) on conflict do nothing`);
  await forgetPartsAfterCommit(db, { users: [ownerId, otherId] });
}

export async function removeRestriction(db: Database, kind: Restriction, ownerId: number, otherId: number) {
  const { table, owner, other } = tables[kind];
  await db.delete(table).where(and(eq(owner, ownerId), eq(other, otherId)));
  await forgetPartsAfterCommit(db, { users: [ownerId, otherId] });
}

/** Ends the follows between the two users, both ways (the counters' trigger keeps the counts exact). */
export function deleteFollowsBetween(db: Database, a: number, b: number) {
  return db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followedId, b)),
        and(eq(follows.followerId, b), eq(follows.followedId, a)),
      ),
    )
    .returning({ followerId: follows.followerId, followedId: follows.followedId });
}

/**
 * One page of the users `ownerId` blocked or muted, newest first, each row with `total`: one
 * statement (an empty page has no row to carry the total: `countRestrictions`).
 */
export function listRestrictions(
  db: Database,
  kind: Restriction,
  ownerId: number,
  window: { limit: number; offset: number },
) {
  const { table, owner, other, since } = tables[kind];
  return db
    .select({
      id: users.id,
      name: users.name,
      handle: users.handle,
      profilePicture: users.profilePicture,
      since,
      total: db.$count(table, eq(owner, ownerId)),
    })
    .from(table)
    .innerJoin(users, eq(users.id, other))
    .where(eq(owner, ownerId))
    .orderBy(desc(since), desc(users.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}

export function countRestrictions(db: Database, kind: Restriction, ownerId: number) {
  const { table, owner } = tables[kind];
  return db.$count(table, eq(owner, ownerId));
}
