import type { RemoteFollowState } from '@pathwise/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  remoteActors,
  remoteBlocks,
  remoteFollowers,
  remoteFollows,
  remoteMutes,
  remotePosts,
} from '../../db/schema/index.js';

/**
 * A remote person as an account here, with whether `viewerId` follows, blocked or muted them: one
 * statement.
 */
export async function findRemoteAccount(db: Database, id: number, viewerId: number) {
  const [row] = await db
    .select({
      id: remoteActors.id,
      uri: remoteActors.uri,
      handle: remoteActors.handle,
      name: remoteActors.name,
      iconUrl: remoteActors.iconUrl,
      profileUrl: remoteActors.profileUrl,
      followState: remoteFollows.state,
      followId: remoteFollows.followId,
      inboxUrl: remoteFollows.inboxUrl,
      isBlocked: sql<boolean>`exists (select 1 from ${remoteBlocks}
        where ${remoteBlocks.userId} = ${viewerId} and ${remoteBlocks.remoteActorId} = ${remoteActors.id})`,
      isMuted: sql<boolean>`exists (select 1 from ${remoteMutes}
        where ${remoteMutes.userId} = ${viewerId} and ${remoteMutes.remoteActorId} = ${remoteActors.id})`,
    })
    .from(remoteActors)
    .leftJoin(
      remoteFollows,
      and(eq(remoteFollows.remoteActorId, remoteActors.id), eq(remoteFollows.followerId, viewerId)),
    )
    .where(eq(remoteActors.id, id));
  return row ? { ...row, followState: row.followState as RemoteFollowState | null } : null;
}

/** Records (or renews, after a refusal) the viewer's follow, PENDING until their server answers. */
export async function upsertRemoteFollow(
  db: Database,
  follow: { followerId: number; remoteActorId: number; followId: string; inboxUrl: string },
) {
  await db
    .insert(remoteFollows)
    .values({ ...follow, state: 'PENDING' })
    .onConflictDoUpdate({
      target: [remoteFollows.followerId, remoteFollows.remoteActorId],
      set: { followId: follow.followId, inboxUrl: follow.inboxUrl, state: 'PENDING' },
    });
}

export async function deleteRemoteFollow(db: Database, followerId: number, remoteActorId: number) {
  await db
    .delete(remoteFollows)
    .where(and(eq(remoteFollows.followerId, followerId), eq(remoteFollows.remoteActorId, remoteActorId)));
}

/** The follows `followerId` sent that still stand (accepted or waiting), with where their `Undo` goes. */
export function selectRemoteFollowsOf(db: Database, followerId: number) {
  return db
    .select({
      actorUri: remoteActors.uri,
      inboxUrl: remoteFollows.inboxUrl,
      followId: remoteFollows.followId,
    })
    .from(remoteFollows)
    .innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
    .where(and(eq(remoteFollows.followerId, followerId), ne(remoteFollows.state, 'REJECTED')))
    .orderBy(remoteFollows.id);
}

/**
 * Their server's answer to our `Follow` `followId`: taken only from the person followed (`actorUri`).
 * One statement; false when no such follow of theirs is waiting.
 */
export async function answerRemoteFollow(
  db: Database,
  followId: string,
  actorUri: string,
  state: 'ACCEPTED' | 'REJECTED',
) {
  const result = (await db.execute(sql`update ${remoteFollows} f set state = ${state}
    from ${remoteActors} a where a.id = f.remote_actor_id and a.uri = ${actorUri}
    and f.follow_id = ${followId} returning f.id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** The local id of `actorUri` when someone here follows them and was accepted, else null. */
export async function findFollowedActorId(db: Database, actorUri: string) {
  const [row] = await db
    .select({ id: remoteActors.id })
    .from(remoteActors)
    .where(
      and(
        eq(remoteActors.uri, actorUri),
        sql`exists (select 1 from ${remoteFollows} where ${remoteFollows.remoteActorId} = ${remoteActors.id}
          and ${remoteFollows.state} = 'ACCEPTED')`,
      ),
    );
  return row?.id ?? null;
}

export type RemotePostInput = {
  remoteActorId: number;
  uri: string;
  url: string;
  name: string | null;
  summary: string | null;
  content: string;
  attachments: { url: string; mediaType: string | null; name: string | null }[];
  publishedAt: Date;
  updatedAt: Date | null;
};

/** Stores a remote post; the same object arriving twice is stored once. */
export async function insertRemotePost(db: Database, post: RemotePostInput) {
  await db.insert(remotePosts).values(post).onConflictDoNothing();
}

/** Applies an `Update` to a post we keep, by its author only. */
export async function updateRemotePost(db: Database, post: RemotePostInput) {
  const { remoteActorId, uri, publishedAt: _, ...changes } = post;
  await db
    .update(remotePosts)
    .set(changes)
    .where(and(eq(remotePosts.uri, uri), eq(remotePosts.remoteActorId, remoteActorId)));
}

/** Applies a `Delete` by the post's author (`actorUri`): one statement. */
export async function deleteRemotePost(db: Database, uri: string, actorUri: string) {
  await db.execute(sql`delete from ${remotePosts} p using ${remoteActors} a
    where a.id = p.remote_actor_id and a.uri = ${actorUri} and p.uri = ${uri}`);
}

/**
 * Blocks or mutes (`restriction`) the person for `userId`, or lifts it (`on` false): one statement. A
 * block also ends their follow of the user, so nothing is delivered to them any more.
 */
export async function setRemoteRestriction(
  db: Database,
  change: { userId: number; remoteActorId: number; restriction: 'BLOCK' | 'MUTE'; on: boolean },
) {
  const { userId, remoteActorId } = change;
  const table = change.restriction === 'BLOCK' ? remoteBlocks : remoteMutes;
  if (!change.on) {
    await db.execute(
      sql`delete from ${table} where user_id = ${userId} and remote_actor_id = ${remoteActorId}`,
    );
    return;
  }
  const unfollowed =
    change.restriction === 'BLOCK'
      ? sql`, unfollowed as (delete from ${remoteFollowers} f using ${remoteActors} a
          where a.id = ${remoteActorId} and f.user_id = ${userId} and f.actor_uri = a.uri)`
      : sql``;
  await db.execute(sql`with added as (
      insert into ${table} (user_id, remote_actor_id) values (${userId}, ${remoteActorId})
      on conflict do nothing)${unfollowed}
    select 1`);
}

/** Whether `userId` blocked the person whose actor id is `actorUri`: their `Follow` is refused. */
export async function isRemoteActorBlocked(db: Database, userId: number, actorUri: string) {
  const result = (await db.execute(sql`select 1 from ${remoteBlocks} b
    join ${remoteActors} a on a.id = b.remote_actor_id
    where b.user_id = ${userId} and a.uri = ${actorUri}`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
