import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import {
  countFailedAttempts,
  deletePendingDeletes,
  recordPendingDeletes,
  selectPendingDeletes,
} from './pending-deletes.queries.js';
import type { Storage } from './storage.js';

/** Keys retried per store request by a sweep (S3 deletes up to 1000 per request). */
const SWEEP_BATCH = 500;

/**
 * The one way files are removed once no row refers to them (after a commit, or after a refused
 * request stored some): removal never fails the request. A key whose delete failed is recorded in
 * pending_file_deletes, and `sweep` removes it later.
 */
export function createFileRemoval({
  db,
  storage,
  log,
}: {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
}) {
  return {
    async removeUnreferenced(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      try {
        await storage.remove(keys);
      } catch (error) {
        log.warn({ err: error, keys }, 'could not remove files; the sweep will retry');
        await recordPendingDeletes(db, keys).catch((recordError: unknown) => {
          log.error({ err: recordError, keys }, 'could not record files to remove: they stay orphaned');
        });
      }
    },

    /** Retries every recorded delete; returns how many files were removed and how many remain. */
    async sweep(): Promise<{ removed: number; remaining: number }> {
      let removed = 0;
      let remaining = 0;
      let offset = 0;
      for (;;) {
        const keys = await selectPendingDeletes(db, SWEEP_BATCH, offset);
        if (keys.length === 0) break;
        try {
          await storage.remove(keys);
          await deletePendingDeletes(db, keys);
          removed += keys.length;
        } catch (error) {
          log.warn({ err: error, count: keys.length }, 'the sweep could not remove files yet');
          await countFailedAttempts(db, keys);
          remaining += keys.length;
          offset += keys.length;
        }
        if (keys.length < SWEEP_BATCH) break;
      }
      return { removed, remaining };
    },
  };
}
export type FileRemoval = ReturnType<typeof createFileRemoval>;

/** Runs `sweep` every `intervalMs` in this process (never two at once); returns the stop function. */
export function sweepPeriodically(removal: FileRemoval, intervalMs: number, log: FastifyBaseLogger) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= removal
      .sweep()
      .then(({ removed }) => {
        if (removed > 0) log.info({ removed }, 'removed files left by failed deletes');
      })
      .catch((error: unknown) => log.error({ err: error }, 'the file sweep failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Removal of unreferenced files; `sweep()` retries the deletes that failed (tests, operators). */
    fileRemoval: FileRemoval;
  }
}
