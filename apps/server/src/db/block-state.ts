import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  blockedDomains,
  blocks,
  mutes,
  remoteActors,
  remoteBlocks,
  remoteMutes,
  users,
} from './schema/index.js';

/** A user id as a query has it: a number, a prepared statement's placeholder, or a column of the row. */
export type UserRef = number | SQLWrapper;

/**
 * Whose content `viewer` does not get: the users they blocked and those who blocked them (Mastodon's
 * symmetric block), every suspended account (hidden from everyone until unsuspended), plus, with
 * `muted`, the users they muted. An array computed once per statement (PostgreSQL runs an uncorrelated
 * `array(...)` as an InitPlan), read through the primary keys, `blocks_blocked_blocker_idx` and the
 * partial `users_suspended_idx`, so a list pays for it once and not per row.
 */
export function hiddenUserIds(viewer: UserRef, { muted }: { muted: boolean }): SQL<number[]> {
  const mutedIds = muted
    ? sql` union select ${mutes.mutedId} from ${mutes} where ${mutes.muterId} = ${viewer}`
    : sql``;
  return sql<number[]>`array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewer}
    union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewer}
    union select ${users.id} from ${users} where ${users.suspendedAt} is not null${mutedIds})`;
}

/**
 * Whether the author of the row (a column) is hidden from `viewer`: blocked either way, or with
 * `muted` muted by the viewer. The one test every read of posts, plans, comments, notifications and
 * activities applies; never null, so `not` of it keeps rows without an author.
 */
export const hiddenFrom = (viewer: UserRef, author: SQLWrapper, options: { muted: boolean }): SQL<boolean> =>
  sql<boolean>`coalesce(${author} = any(${hiddenUserIds(viewer, options)}), false)`;

export const shownTo = (viewer: UserRef, author: SQLWrapper, options: { muted: boolean }): SQL<boolean> =>
  sql<boolean>`not ${hiddenFrom(viewer, author, options)}`;

/**
 * For a write between two people (a like, a comment, a follow): whether no block stands between them,
 * asked under the pair's lock, which a block takes too (`lockPairForBlock`, migration 0026), so the
 * write either commits before a block or waits for it and is refused. Put it in the statement that
 * writes (or reads what the write needs): it costs no statement of its own.
 */
export const noBlockBetween = (a: UserRef, b: UserRef): SQL<boolean> =>
  sql<boolean>`no_block_between(${a}, ${b})`;

/** Whether `viewerId` blocked the user of the row being selected (`users.id`). */
export const isBlockedBy = (viewerId: UserRef) =>
  sql<boolean>`exists (
    select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${users.id})`;

/** Whether `viewerId` muted the user of the row being selected (`users.id`). */
export const isMutedBy = (viewerId: UserRef) =>
  sql<boolean>`exists (
    select 1 from ${mutes} where ${mutes.muterId} = ${viewerId} and ${mutes.mutedId} = ${users.id})`;

/**
 * Whether the host of `uri` (an actor's id) is a domain a moderator blocked or under one: the host's
 * suffixes (`a.b.example`, `b.example`, `example`) looked up on the primary key, as `isBlockedHost` does.
 */
export const onBlockedDomain = (uri: SQLWrapper): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${blockedDomains} where ${blockedDomains.domain} in (
    select array_to_string(labels[i:], '.')
    from string_to_array(lower(substring(${uri} from '^[a-zA-Z]+://([^/:?#]+)')), '.') labels,
      generate_subscripts(labels, 1) i))`;

/**
 * Whether `viewer` sees what the person of another server of the row wrote (a `remote_actor_id` column,
 * null for a person here): not when they blocked them, nor when a moderator blocked their server (the
 * rows stay: unblocking shows them again). A few lookups on primary keys per row.
 */
export const remoteAuthorShownTo = (viewer: UserRef, remoteActor: SQLWrapper): SQL<boolean> =>
  sql<boolean>`(not exists (select 1 from ${remoteBlocks}
    where ${remoteBlocks.userId} = ${viewer} and ${remoteBlocks.remoteActorId} = ${remoteActor})
    and not exists (select 1 from ${remoteActors} a
      where a.id = ${remoteActor} and ${onBlockedDomain(sql`a.uri`)}))`;

/** Whether `user` blocked or muted the person of another server whose actor id is `actorUri`. */
export const remoteActorRestrictedBy = (user: UserRef, actorUri: string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${remoteActors} a
    where a.uri = ${actorUri}
      and (exists (select 1 from ${remoteBlocks} b where b.user_id = ${user} and b.remote_actor_id = a.id)
        or exists (select 1 from ${remoteMutes} m where m.user_id = ${user} and m.remote_actor_id = a.id)))`;
