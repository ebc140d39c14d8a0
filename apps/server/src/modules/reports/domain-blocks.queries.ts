import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  blockedDomains,
  moderationActions,
  remoteActors,
  remoteFollowers,
  remoteFollows,
  remotePostReactions,
  users,
} from '../../db/schema/index.js';
import { forgetPartsAfterCommit } from '../../db/shared-pages.js';
import { literalLimit } from '../../lib/pagination.js';

type Window = { limit: number; offset: number };

/** Whether the host of the actor id in `uri` is `domain` or one of its subdomains. */
const onDomain = (uri: unknown, domain: string) =>
  sql`(lower(substring(${uri} from '^[a-zA-Z]+://([^/:?#]+)')) = ${domain}
    or lower(substring(${uri} from '^[a-zA-Z]+://([^/:?#]+)')) like ${`%.${domain}`})`;

/** One page of the blocked domains, alphabetically, with who blocked them: two statements. */
export async function selectDomainBlockPage(db: Database, window: Window) {
  const [[totalRow], rows] = await Promise.all([
    db.select({ total: count() }).from(blockedDomains),
    db
      .select({
        domain: blockedDomains.domain,
        reason: blockedDomains.reason,
        moderatorId: users.id,
        moderatorName: users.name,
        createdAt: blockedDomains.createdAt,
      })
      .from(blockedDomains)
      .leftJoin(users, eq(users.id, blockedDomains.moderatorId))
      .orderBy(blockedDomains.domain)
      .limit(literalLimit(window.limit))
      .offset(window.offset),
  ]);
  return { total: totalRow?.total ?? 0, rows };
}

/**
 * Blocks `domain` unless it already is, in one transaction: its people stop following anyone here
 * (nothing is delivered there any more), their likes and shares go, which the counting triggers take
 * out of the posts' counts, and so do the follows of its people from here (nothing is sent: Mastodon
 * sends nothing either). Null when it was blocked already.
 */
export async function blockDomain(
  db: Database,
  block: { domain: string; reason: string; moderatorId: number },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blockedDomains)
      .values(block)
      .onConflictDoNothing()
      .returning({ createdAt: blockedDomains.createdAt });
    if (!row) return null;
    await tx.insert(moderationActions).values({
      moderatorId: block.moderatorId,
      action: 'DOMAIN_BLOCKED',
      targetType: 'DOMAIN',
      domain: block.domain,
      note: block.reason,
    });
    const followers = await tx
      .delete(remoteFollowers)
      .where(onDomain(remoteFollowers.actorUri, block.domain))
      .returning({ id: remoteFollowers.id });
    const reactions = (await tx.execute(sql`delete from ${remotePostReactions} r using ${remoteActors} a
      where a.id = r.remote_actor_id and ${onDomain(sql`a.uri`, block.domain)}
      returning r.post_id`)) as unknown as { rows: { post_id: number }[] };
    await forgetPartsAfterCommit(tx, { posts: reactions.rows.map((row) => row.post_id) });
    await tx.execute(sql`delete from ${remoteFollows} f using ${remoteActors} a
      where a.id = f.remote_actor_id and ${onDomain(sql`a.uri`, block.domain)}`);
    return {
      removedFollowers: followers.length,
      removedReactions: reactions.rows.length,
    };
  });
}

/** Lifts a block and logs it, in one statement; false when there was none. What it removed stays removed. */
export async function unblockDomain(db: Database, unblock: { domain: string; moderatorId: number }) {
  const result = (await db.execute(sql`with lifted as (
      delete from ${blockedDomains} where ${blockedDomains.domain} = ${unblock.domain} returning domain
    ), logged as (
      insert into ${moderationActions} (moderator_id, action, target_type, domain)
      select ${unblock.moderatorId}::integer, 'DOMAIN_UNBLOCKED', 'DOMAIN', domain from lifted
    )
    select domain from lifted`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * The hosts (as a domain block names them) of `userId`'s remote followers with how many each, most
 * first; null when the user is missing. One statement.
 */
export async function selectRemoteFollowerServers(db: Database, userId: number) {
  const host = sql<string>`lower(substring(${remoteFollowers.actorUri} from '^[a-zA-Z]+://([^/:?#]+)'))`;
  const [user] = await db
    .select({
      servers: sql<{ server: string; followers: number }[]>`coalesce((
        select json_agg(json_build_object('server', s.server, 'followers', s.followers)
          order by s.followers desc, s.server)
        from (select ${host} as server, count(*)::int as followers from ${remoteFollowers}
          where ${remoteFollowers.userId} = ${userId} group by 1) s), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user?.servers ?? null;
}
