/** A counter's value and how long its window has left (0 when it has none). */
export type Count = { count: number; ttlMs: number };

/**
 * Counters that expire a fixed time after their first count: rate limits and failed sign-ins.
 * In this process (embedded database), or in the database for every process on a PostgreSQL server.
 */
export interface CounterStore {
  /** Adds one to `key`; a counter that had expired (or never existed) starts again at 1 for `windowMs`. */
  increment(key: string, windowMs: number): Promise<Count>;
  /** The current values of `keys`, in order, without changing them. */
  read(keys: string[]): Promise<Count[]>;
  reset(key: string): Promise<void>;
  close(): void;
}

const NO_COUNT: Count = { count: 0, ttlMs: 0 };
/** Enough for every address and account under attack at once; the oldest counters go first beyond it. */
const MEMORY_COUNTERS = 50_000;

export function createMemoryCounterStore(capacity = MEMORY_COUNTERS): CounterStore {
  const counters = new Map<string, { count: number; expiresAtMs: number }>();

  const live = (key: string, now: number) => {
    const counter = counters.get(key);
    if (counter && counter.expiresAtMs > now) return counter;
    counters.delete(key);
    return undefined;
  };

  return {
    async increment(key, windowMs) {
      const now = Date.now();
      const counter = live(key, now);
      if (counter) {
        counter.count++;
        return { count: counter.count, ttlMs: counter.expiresAtMs - now };
      }
      // A Map keeps insertion order: the first key is the oldest window.
      if (counters.size >= capacity) counters.delete(counters.keys().next().value!);
      counters.set(key, { count: 1, expiresAtMs: now + windowMs });
      return { count: 1, ttlMs: windowMs };
    },
    async read(keys) {
      const now = Date.now();
      return keys.map((key) => {
        const counter = live(key, now);
        return counter ? { count: counter.count, ttlMs: counter.expiresAtMs - now } : NO_COUNT;
      });
    },
    async reset(key) {
      counters.delete(key);
    },
    close() {
      counters.clear();
    },
  };
}
