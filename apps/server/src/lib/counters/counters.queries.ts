import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rateLimitCounters } from '../../db/schema/index.js';

const secondsLeft = sql`extract(epoch from (${rateLimitCounters.expiresAt} - now()))`;
const ttlMs = sql<number>`greatest(0, ceil(${secondsLeft} * 1000))::int`;

/** One atomic statement, so concurrent processes never lose a count. */
export async function incrementCounter(db: Database, key: string, windowMs: number) {
  const expired = sql`${rateLimitCounters.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, expiresAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitCounters.expiresAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, ttlMs });
  return row!;
}

export function readLiveCounters(db: Database, keys: string[]) {
  return db
    .select({ key: rateLimitCounters.key, count: rateLimitCounters.count, ttlMs })
    .from(rateLimitCounters)
    .where(sql`${inArray(rateLimitCounters.key, keys)} and ${rateLimitCounters.expiresAt} > now()`);
}

export async function deleteCounter(db: Database, key: string) {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

export async function deleteExpiredCounters(db: Database) {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.expiresAt, sql`now()`));
}
