import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pendingFileDeletes } from '../../db/schema/index.js';

export async function recordPendingDeletes(db: Database, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(pendingFileDeletes)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/** The oldest pending deletes first, so none waits forever behind newer ones. */
export async function selectPendingDeletes(db: Database, limit: number, offset: number): Promise<string[]> {
  const rows = await db
    .select({ key: pendingFileDeletes.key })
    .from(pendingFileDeletes)
    .orderBy(asc(pendingFileDeletes.recordedAt), asc(pendingFileDeletes.key))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.key);
}

export async function deletePendingDeletes(db: Database, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(pendingFileDeletes).where(inArray(pendingFileDeletes.key, [...keys]));
}

export async function countFailedAttempts(db: Database, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(pendingFileDeletes)
    .set({ attempts: sql`${pendingFileDeletes.attempts} + 1` })
    .where(inArray(pendingFileDeletes.key, [...keys]));
}
