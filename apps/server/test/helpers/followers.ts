import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';

/** Adds `count` new users, all following `userId`, in two set-based statements. */
export async function seedFollowers(db: Database, userId: number, count: number, prefix = 'follower') {
  await db.execute(sql`
    insert into users (name, email, handle)
    select ${prefix} || ' ' || i, ${prefix} || i || '@example.com', ${prefix} || '_' || i
    from generate_series(1, ${count}) i`);
  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select id, ${userId}::integer from users where handle like ${`${prefix}\\_%`}`);
}

/** How many followers of the plan's author were told about it. */
export async function planShareCount(db: Database, planId: number): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as count from notifications
      where type = 'LEARNING_PLAN_SHARE' and plan_id = ${planId}`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]!.count;
}
