import { afterCommit } from './after-commit.js';
import type { Database, DatabaseHandle, Unlisten } from './client.js';
import { SESSIONS_CHANNEL } from './session-cache.js';

/** Where the triggers of migration 0045 say that a post or an author's name or picture changed. */
export const PAGES_CHANNEL = 'pathwise_pages';

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
  forgetAll(): void;
  stop(): Promise<void>;
};

const pagesOf = new WeakMap<object, Set<SharedPages>>();

/**
 * Everything kept is forgotten on every change any process or anyone made (the triggers' NOTIFY on
 * `pathwise_pages`, and suspensions and deleted accounts on the sessions' channel), and at once by this
 * process after its own commits (`forgetPagesAfterCommit`). While the LISTEN connection is down nothing
 * is kept, since changes would go unheard. `enabled` false: every read loads.
 */
export async function createSharedPages(database: DatabaseHandle, enabled: boolean): Promise<SharedPages> {
  if (!enabled) {
    return { enabled, get: (_key, load) => load(), forgetAll: () => {}, stop: async () => {} };
  }
  // A load is kept from its start, so a burst after a change reads once; a change drops it with the rest.
  const kept = new Map<string, { version: unknown; value: Promise<unknown> }>();
  let hearing = false;
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
    forgetAll: () => kept.clear(),
    async stop() {
      hearing = false;
      kept.clear();
      pagesOf.get(database.db)?.delete(pages);
      for (const unlisten of unlistens) await unlisten();
    },
  };
  const events = {
    onInterrupt: () => {
      hearing = false;
      kept.clear();
    },
    onResume: () => {
      kept.clear();
      hearing = true;
    },
  };
  const unlistens: Unlisten[] = [
    await database.listen(PAGES_CHANNEL, pages.forgetAll, events),
    await database.listen(SESSIONS_CHANNEL, pages.forgetAll, events),
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
