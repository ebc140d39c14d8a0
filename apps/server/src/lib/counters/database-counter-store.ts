import type { Database } from '../../db/client.js';
import type { Count, CounterStore } from './counter-store.js';
import {
  deleteCounter,
  deleteExpiredCounters,
  incrementCounter,
  readLiveCounters,
} from './counters.queries.js';

/** Expired counters are harmless (every read checks the expiry); this only keeps the table small. */
const SWEEP_EVERY_MS = 5 * 60_000;

/** Counters in the UNLOGGED table rate_limit_counters, shared by every process on the database. */
export function createDatabaseCounterStore(
  db: Database,
  onSweepError: (error: unknown) => void,
): CounterStore {
  const sweep = setInterval(() => deleteExpiredCounters(db).catch(onSweepError), SWEEP_EVERY_MS);
  sweep.unref();
  return {
    increment: (key, windowMs) => incrementCounter(db, key, windowMs),
    async read(keys) {
      const rows = await readLiveCounters(db, keys);
      const byKey = new Map<string, Count>(rows.map(({ key, ...count }) => [key, count]));
      return keys.map((key) => byKey.get(key) ?? { count: 0, ttlMs: 0 });
    },
    reset: (key) => deleteCounter(db, key),
    close: () => clearInterval(sweep),
  };
}
