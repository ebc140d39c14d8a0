import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';

/**
 * The generated tables of most rows, whose triggers are only foreign-key checks and counters: each row
 * is made from rows that exist, so checking tens of millions of references one by one buys nothing, and
 * the counts are computed once at the end instead. Posts keep theirs (search words, the feed's count).
 */
const BULK_TABLES = ['follows', 'post_likes', 'comments', 'activities', 'notifications'];

const rowsOf = async <T>(db: Database, statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * Stops the bulk tables' triggers (PostgreSQL and PGlite both seed as a superuser) and drops the indexes
 * of `tables` that back no constraint: one sort per index at the end costs far less than an insertion per
 * row. Keys and unique constraints stay, for the joins and conflicts of the later steps. Answers what
 * `resume` needs to put everything back.
 */
export async function pauseForBulkLoad(db: Database, tables: string[]) {
  for (const table of BULK_TABLES) await db.execute(sql.raw(`alter table ${table} disable trigger all`));
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace
        and t.relname in (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  return {
    async resume() {
      for (const index of indexes) await db.execute(sql.raw(index.definition));
      for (const table of BULK_TABLES) await db.execute(sql.raw(`alter table ${table} enable trigger all`));
    },
  };
}

/**
 * The counts the paused triggers would have kept (migrations 0011 and 0068): likes and comments per post
 * in one pass (an update rewrites the post's generated search document), followers and following per
 * user, notifications per recipient.
 */
export async function fillCounts(db: Database) {
  await db.execute(sql`
    update posts set likes_count = coalesce(l.n, 0), comments_count = coalesce(c.n, 0)
    from posts p
    left join (select post_id, count(*)::int as n from post_likes group by post_id) l on l.post_id = p.id
    left join (select post_id, count(*)::int as n from comments where deleted_at is null group by post_id) c
      on c.post_id = p.id
    where posts.id = p.id and (l.n is not null or c.n is not null)`);
  await db.execute(sql`
    update users set followers_count = coalesce(ed.n, 0), following_count = coalesce(er.n, 0)
    from users u
    left join (select followed_id, count(*)::int as n from follows group by followed_id) ed
      on ed.followed_id = u.id
    left join (select follower_id, count(*)::int as n from follows group by follower_id) er
      on er.follower_id = u.id
    where users.id = u.id and (ed.n is not null or er.n is not null)`);
  await db.execute(sql`
    insert into notification_counts (recipient_id, total, unread)
    select recipient_id, count(*), count(*) filter (where not is_read)
    from notifications group by recipient_id
    on conflict (recipient_id) do update set total = excluded.total, unread = excluded.unread`);
}
