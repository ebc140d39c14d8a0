import { LRUCache } from 'lru-cache';
import { afterCommit } from './after-commit.js';
import type { Database, DatabaseHandle, Unlisten } from './client.js';

/** Where the users table's triggers (migration 0028) send the id of a user whose tokens' worth changed. */
export const SESSIONS_CHANNEL = 'pathwise_sessions';

/**
 * What one primary-key look-up tells about a token's user on every signed-in request: that the account
 * still exists and is not suspended, and the one token version its tokens must carry.
 */
export type SessionUser = { id: number; tokenVersion: number; suspended: boolean };

/** How many users a process keeps at most (about 100 bytes each). */
const MAX_CACHED_USERS = 100_000;

export type SessionCache = {
  /** The user of a token, from the cache or the database; null when the account does not exist. */
  user(id: number): Promise<SessionUser | null>;
  forget(id: number): void;
  stop(): Promise<void>;
};

/** The caches of each database, by its root handle: after-commit actions are given that handle. */
const cachesOf = new WeakMap<object, Set<SessionCache>>();

/**
 * Keeps the session users `load` reads for `seconds`, so that a signed-in request costs no statement
 * of its own. A user leaves the cache when a transaction of this process changed their tokens
 * (`forgetSessionAfterCommit`, before that request is answered) and when any process or anyone
 * changed them (the trigger's NOTIFY, at commit). While the LISTEN connection is down nothing is
 * cached, since changes would go unheard; `seconds` bounds what a lost signal could cost. A load
 * that raced a change is not kept. 0 seconds: every request reads the database.
 */
export async function createSessionCache(
  database: DatabaseHandle,
  load: (id: number) => Promise<SessionUser | null>,
  seconds: number,
): Promise<SessionCache> {
  if (seconds <= 0) return { user: load, forget: () => {}, stop: async () => {} };
  const cached = new LRUCache<number, SessionUser>({ max: MAX_CACHED_USERS, ttl: seconds * 1000 });
  // Bumped by every change heard: a load begun before it may have read what the change replaced.
  let changes = 0;
  let hearing = false;
  const forgetAll = () => {
    changes++;
    cached.clear();
  };
  const cache: SessionCache = {
    async user(id) {
      const hit = hearing ? cached.get(id) : undefined;
      if (hit) return hit;
      const changesBefore = changes;
      const user = await load(id);
      if (user && hearing && changes === changesBefore) cached.set(id, user);
      return user;
    },
    forget(id) {
      changes++;
      cached.delete(id);
    },
    async stop() {
      hearing = false;
      forgetAll();
      cachesOf.get(database.db)?.delete(cache);
      await unlisten();
    },
  };
  const unlisten: Unlisten = await database.listen(
    SESSIONS_CHANNEL,
    (payload) => cache.forget(Number(payload)),
    {
      onInterrupt: () => {
        hearing = false;
        forgetAll();
      },
      onResume: () => {
        forgetAll();
        hearing = true;
      },
    },
  );
  hearing = true;
  const caches = cachesOf.get(database.db) ?? new Set();
  caches.add(cache);
  cachesOf.set(database.db, caches);
  return cache;
}

/**
 * Once the transaction commits, this process forgets the user: their next request reads what it
 * changed. Other processes hear it from the trigger; this one must not wait for its own NOTIFY to
 * come back, as the response to this request may already be on its way.
 */
export async function forgetSessionAfterCommit(db: Database, userId: number): Promise<void> {
  await afterCommit(db, async (root) => {
    for (const cache of cachesOf.get(root) ?? []) cache.forget(userId);
  });
}
