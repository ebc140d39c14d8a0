import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Waits until the background jobs the demo caused (notifying followers of new posts and plans) have
 * run, so their notifications belong to the demo's history instead of arriving at the next start.
 */
export async function jobsDrained(db: Database, { timeoutMs = 120_000, intervalMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as waiting from pgboss.job where state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { waiting: number }[] };
    if (rows[0]?.waiting === 0) return;
    await sleep(intervalMs);
  }
  throw new Error(`background jobs were still waiting after ${timeoutMs / 1000} s`);
}
