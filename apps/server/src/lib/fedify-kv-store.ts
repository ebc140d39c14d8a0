import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { fedifyKv } from '../db/schema/index.js';

/** How often expired entries are deleted; until then a read already treats them as absent. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

const live = () => or(isNull(fedifyKv.expiresAt), gt(fedifyKv.expiresAt, sql`now()`));
const expiryOf = (options?: KvStoreSetOptions) =>
  options?.ttl ? new Date(Date.now() + options.ttl.total({ unit: 'milliseconds' })) : null;

/**
 * Fedify's key–value store in our own table, through the app's database handle: the same code on the
 * embedded database and on a PostgreSQL server, where every process shares it (what Fedify caches and
 * which activities it has handled), in one pool with the rest of the app.
 */
export function createFedifyKvStore(db: Database): KvStore & { close(): void } {
  const sweep = setInterval(() => {
    db.delete(fedifyKv)
      .where(lte(fedifyKv.expiresAt, sql`now()`))
      .catch(() => {}); // the next sweep tries again; reads never see expired rows anyway
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const [row] = await db
        .select({ value: fedifyKv.value })
        .from(fedifyKv)
        .where(and(eq(fedifyKv.key, [...key]), live()));
      return row?.value as T | undefined;
    },

    async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
      const expiresAt = expiryOf(options);
      // Fedify caches a key it could not read as null: JSON's null, not SQL's (the column is not null).
      const stored = value === null ? sql`'null'::jsonb` : value;
      await db
        .insert(fedifyKv)
        .values({ key: [...key], value: stored, expiresAt })
        .onConflictDoUpdate({ target: fedifyKv.key, set: { value: stored, expiresAt } });
    },

    async delete(key: KvKey): Promise<void> {
      await db.delete(fedifyKv).where(eq(fedifyKv.key, [...key]));
    },

    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const rows = await db
        .select({ key: fedifyKv.key, value: fedifyKv.value })
        .from(fedifyKv)
        .where(
          and(
            live(),
            prefix
              ? sql`${fedifyKv.key}[1:${prefix.length}] = ${sql.param([...prefix], fedifyKv.key)}`
              : undefined,
          ),
        );
      for (const row of rows) yield { key: row.key as unknown as KvKey, value: row.value };
    },

    close() {
      clearInterval(sweep);
    },
  };
}
