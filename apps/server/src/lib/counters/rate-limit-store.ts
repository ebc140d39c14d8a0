import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CounterStore } from './counter-store.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** @fastify/rate-limit's custom `store` interface over our counters (its README, "Custom store"). */
export function rateLimitStoreOf(counters: CounterStore): FastifyRateLimitStoreCtor {
  const reply = (callback: Callback, counting: Promise<{ count: number; ttlMs: number }>) =>
    counting.then(
      ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
      (error: Error) => callback(error),
    );
  class CounterRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      reply(callback, counters.increment(key, timeWindow));
    }
    /** Used by limiters called with `{ increment: false }`. */
    read(key: string, callback: Callback) {
      reply(
        callback,
        counters.read([key]).then(([count]) => count!),
      );
    }
    // Keys say which limit they count (the limiters' key generators prefix them), so one store serves all.
    child() {
      return this;
    }
  }
  return CounterRateLimitStore;
}
