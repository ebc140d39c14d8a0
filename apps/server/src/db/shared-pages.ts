import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { afterCommit } from './after-commit.js';
import type { Database, DatabaseHandle, Unlisten } from './client.js';
import { SESSIONS_CHANNEL } from './session-cache.js';

/** Where the triggers of migration 0045 say that a post or an author's name or picture changed. */
export const PAGES_CHANNEL = 'pathwise_pages';

/**
 * Where a process says, once a write has committed, whose own part of the kept pages changed (their
 * likes, saves, blocks or mutes) and which posts' counts did: `forgetPartsAfterCommit`.
 */
export const PARTS_CHANNEL = 'pathwise_page_parts';

/** People whose part of the kept pages changed, and posts whose counts changed. */
export type PartsChange = { users?: readonly number[]; posts?: readonly number[] };

/**
 * How long a viewer's part or a page's counts are kept at most. Their changes are told by the process
 * that made them, after its commit: one made by hand in SQL, or whose process stopped before telling,
 * shows within this time.
 */
const PARTS_KEPT_MS = 60_000;

/** At most this many viewers' parts are kept per process; those read least recently go first. */
const VIEWERS_KEPT = 20_000;

/** A NOTIFY payload must stay under 8,000 bytes; a larger change makes every process forget all parts. */
const PAYLOAD_LIMIT = 7_000;
const EVERYTHING = '*';

/**
 * Pages that are the same for every viewer but for a few per-viewer fields (the first page of Latest
 * posts), kept built per process by key: the rows as a visitor sees them. A reader adds its own fields
 * in a small statement of its own, and falls back to its full read when the kept rows are not what it
 * may see.
 */
export type SharedPages = {
  readonly enabled: boolean;
  /**
   * The kept value of `key`, or what `load` reads (kept unless a change was heard meanwhile). With
   * `version` (what the page was built from, compared with `===`), a value kept for another version is
   * read again and replaced.
   */
  get<V>(key: string, load: () => Promise<V>, version?: unknown): Promise<V>;
  /**
   * What `viewerId` adds to the kept page `page` (a value `get` answered), as `load` reads it: their likes
   * and saves, which of its rows they may see. Kept until a change of theirs or of the pages is heard.
   */
  viewerPart<V>(page: object, viewerId: number, load: () => Promise<V>): Promise<V>;
  /** The counts of the kept page `page`'s posts, kept until a change to any post's counts is heard. */
  counts<V>(page: object, load: () => Promise<V>): Promise<V>;
  forget(change: PartsChange): void;
  forgetAll(): void;
  stop(): Promise<void>;
};

const pagesOf = new WeakMap<object, Set<SharedPages>>();

type Kept = { value: Promise<unknown>; until: number };

/**
 * The value kept under `key` while it is fresh, else what `load` reads, kept from its start. A load
 * also drops what has gone stale (parts of pages since replaced, such as Explore's older rankings).
 */
function keep<K, V>(map: Map<K, Kept>, key: K, load: () => Promise<V>): Promise<V> {
  const now = Date.now();
  const found = map.get(key);
  if (found && found.until > now) return found.value as Promise<V>;
  for (const [staleKey, stale] of map) if (stale.until <= now) map.delete(staleKey);
  const entry = { value: load(), until: now + PARTS_KEPT_MS };
  map.set(key, entry);
  entry.value.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  return entry.value as Promise<V>;
}

function changeOf(payload: string): PartsChange | null {
  if (payload === EVERYTHING) return null;
  try {
    return JSON.parse(payload) as PartsChange;
  } catch {
    return null;
  }
}

/**
 * Everything kept is forgotten on every change any process or anyone made (the triggers' NOTIFY on
 * `pathwise_pages`, and suspensions and deleted accounts on the sessions' channel), and at once by this
 * process after its own commits (`forgetPagesAfterCommit`). A viewer's part is forgotten when a process
 * tells of a change of theirs, the counts when it tells of a change to a post's (`forgetPartsAfterCommit`).
 * While the LISTEN connection is down nothing is kept, since changes would go unheard. `enabled` false:
 * every read loads.
 */
export async function createSharedPages(database: DatabaseHandle, enabled: boolean): Promise<SharedPages> {
  if (!enabled) {
    return {
      enabled,
      get: (_key, load) => load(),
      viewerPart: (_page, _viewerId, load) => load(),
      counts: (_page, load) => load(),
      forget: () => {},
      forgetAll: () => {},
      stop: async () => {},
    };
  }
  // A load is kept from its start, so a burst after a change reads once; a change drops it with the rest.
  const kept = new Map<string, { version: unknown; value: Promise<unknown> }>();
  const parts = new LRUCache<number, Map<object, Kept>>({ max: VIEWERS_KEPT });
  const counts = new Map<object, Kept>();
  let hearing = false;
  const forgetAll = () => {
    kept.clear();
    parts.clear();
    counts.clear();
  };
  const pages: SharedPages = {
    enabled,
    get<V>(key: string, load: () => Promise<V>, version?: unknown): Promise<V> {
      if (!hearing) return load();
      const found = kept.get(key);
      if (found && found.version === version) return found.value as Promise<V>;
      const entry = { version, value: load() };
      kept.set(key, entry);
      entry.value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return entry.value;
    },
    viewerPart<V>(page: object, viewerId: number, load: () => Promise<V>): Promise<V> {
      if (!hearing) return load();
      let own = parts.get(viewerId);
      if (!own) {
        own = new Map();
        parts.set(viewerId, own);
      }
      return keep(own, page, load);
    },
    counts<V>(page: object, load: () => Promise<V>): Promise<V> {
      return hearing ? keep(counts, page, load) : load();
    },
    forget(change) {
      for (const user of change.users ?? []) parts.delete(user);
      if (change.posts?.length) counts.clear();
    },
    forgetAll,
    async stop() {
      hearing = false;
      forgetAll();
      pagesOf.get(database.db)?.delete(pages);
      for (const unlisten of unlistens) await unlisten();
    },
  };
  const events = {
    onInterrupt: () => {
      hearing = false;
      forgetAll();
    },
    onResume: () => {
      forgetAll();
      hearing = true;
    },
  };
  const heardParts = (payload: string) => {
    const change = changeOf(payload);
    if (change) pages.forget(change);
    else forgetAll();
  };
  const unlistens: Unlisten[] = [
    await database.listen(PAGES_CHANNEL, forgetAll, events),
    await database.listen(SESSIONS_CHANNEL, forgetAll, events),
    await database.listen(PARTS_CHANNEL, heardParts, events),
  ];
  hearing = true;
  const all = pagesOf.get(database.db) ?? new Set();
  all.add(pages);
  pagesOf.set(database.db, all);
  return pages;
}

/**
 * Once the transaction commits, this process forgets its kept pages: the writer's next read shows its
 * change without waiting for its own NOTIFY to come back.
 */
export async function forgetPagesAfterCommit(db: Database): Promise<void> {
  await afterCommit(db, async (root) => {
    for (const pages of pagesOf.get(root) ?? []) pages.forgetAll();
  });
}

/**
 * Once the transaction commits, every process forgets what it kept of `change`: this one at once, the
 * others when its NOTIFY arrives (sent after the commit, so writes never commit one at a time).
 */
export async function forgetPartsAfterCommit(db: Database, change: PartsChange): Promise<void> {
  if (!change.users?.length && !change.posts?.length) return;
  await afterCommit(db, async (root) => {
    for (const pages of pagesOf.get(root) ?? []) pages.forget(change);
    const payload = JSON.stringify(change);
    // The write has committed: a signal that cannot be sent must not fail it or what follows it. The
    // other processes then read the part again within PARTS_KEPT_MS.
    await root
      .execute(
        sql`select pg_notify(${PARTS_CHANNEL}, ${payload.length > PAYLOAD_LIMIT ? EVERYTHING : payload})`,
      )
      .catch(() => {});
  });
}
