import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, type Job, PgBoss } from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client.js';

/** Retries of a failing job: after about 2, 4, 8, 16 then 32 seconds (pg-boss backs off with jitter). */
const RETRIES = { retryLimit: 5, retryDelay: 2, retryBackoff: true, retryDelayMax: 300 } as const;

/** How long pg-boss keeps a job that no worker took yet, past its start: its default, 14 days. */
const DEFAULT_RETENTION_SECONDS = 14 * 24 * 60 * 60;

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Work that leaves the request: pg-boss jobs in the database itself (schema `pgboss`), on the
 * PostgreSQL server with pg-boss's own small pool, on PGlite through the same instance. A job is
 * enqueued in the caller's transaction, so it exists exactly when the change that caused it
 * commits; it survives restarts, a failing one is retried with backoff, and every failure is logged.
 * Any server process may run any job (`runWorkers`); each job is taken by one of them.
 */
export function createJobQueue(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  { runWorkers, schedules = false }: { runWorkers: boolean; schedules?: boolean },
) {
  // pg-boss's clock (cron passes) runs only where schedules are used and jobs are worked.
  const options = { ...quiet, schedule: schedules && runWorkers };
  const boss =
    'pglite' in database.connection
      ? new PgBoss({ db: fromPglite(database.connection.pglite), backend: 'pglite', ...options })
      : new PgBoss({ connectionString: database.connection.url, max: 4, ...options });
  boss.on('error', (error) => log.error({ err: error }, 'the job queue failed'));
  const handlers = new Map<string, { handler: JobHandler<never>; ordered: boolean }>();
  const crons = new Map<string, string>();
  let started = false;

  async function run(name: string, handler: JobHandler<unknown>, [job]: Job<unknown>[]) {
    if (!job) return;
    try {
      await handler(job.data);
    } catch (error) {
      log.warn({ err: error, job: { name, id: job.id, attempt: job.retryCount + 1 } }, 'a job failed');
      // A failed job of an ordered queue would hold back its group for good; it is logged and let go.
      if (!handlers.get(name)?.ordered) throw error;
    }
  }

  return {
    /**
     * Registers the worker of a kind of job; call before `start`. `ordered`: jobs enqueued with the same
     * `group` run one at a time, across every process, oldest first; such a queue must be new (pg-boss
     * fixes a queue's policy when it creates it). A failing ordered job is logged and not retried (its
     * sender, Fedify, schedules its own retries), but one whose process died is run again.
     */
    handle<T>(name: string, handler: JobHandler<T>, { ordered = false } = {}) {
      handlers.set(name, { handler, ordered });
    },

    /**
     * Runs the job `name` (registered with `handle`) on a cron schedule, in UTC. The schedule is a row in
     * the database: however many processes start, each occurrence makes one job (pg-boss files it under a
     * singleton key), and an occurrence missed while no process ran is made once when one starts.
     */
    schedule(name: string, cron: string) {
      crons.set(name, cron);
    },

    /**
     * Enqueues a job in `tx`'s transaction; with `startAfter` (a time) or `startAfterSeconds`, no worker
     * takes it before then, and a job held to a time is kept waiting until it (pg-boss would otherwise
     * drop a job still waiting after 14 days).
     */
    async send(
      tx: Database,
      name: string,
      data: object,
      { startAfter, startAfterSeconds }: { startAfter?: Date; startAfterSeconds?: number } = {},
    ): Promise<void> {
      const waitSeconds = startAfter ? Math.ceil((startAfter.getTime() - Date.now()) / 1000) : 0;
      // Our Database type leaves execute()'s result unknown; both drivers answer with `{ rows }`.
      await boss.send(name, data, {
        db: connectionOf(tx),
        ...RETRIES,
        ...(startAfter && {
          startAfter,
          retentionSeconds: Math.max(waitSeconds, 0) + DEFAULT_RETENTION_SECONDS,
        }),
        ...(startAfterSeconds !== undefined && { startAfter: startAfterSeconds }),
      });
    },

    /**
     * Enqueues a job on its own, not in a transaction, to start after `delaySeconds`; in `group` (for
     * jobs handled `ordered`) after the group's earlier jobs.
     */
    async enqueue(
      name: string,
      data: object,
      { delaySeconds = 0, group }: EnqueueOptions = {},
    ): Promise<void> {
      // An ordered queue keys every job; one outside any group gets a key of its own.
      const key = group ?? (handlers.get(name)?.ordered ? randomUUID() : undefined);
      await boss.send(name, data, {
        ...RETRIES,
        ...(delaySeconds > 0 && { startAfter: delaySeconds }),
        ...(key !== undefined && { singletonKey: key }),
      });
    },

    /** Enqueues one job per item of `data` in `tx`'s transaction, in one statement. */
    async sendMany(tx: Database, name: string, data: object[]): Promise<void> {
      if (data.length === 0) return;
      await boss.insert(
        name,
        data.map((item) => ({ data: item, ...RETRIES })),
        { db: connectionOf(tx) },
      );
    },

    async start() {
      await boss.start();
      started = true;
      for (const [name, { handler, ordered }] of handlers) {
        // key_strict_fifo: a unique index lets one job per key be active, and the key's oldest goes first.
        // (pg-boss's groupConcurrency checks the group in the fetch itself, which two processes fetching
        // at once both pass.)
        await boss.createQueue(name, {
          ...RETRIES,
          notify: true,
          ...(ordered && { policy: 'key_strict_fifo' }),
        });
        if (runWorkers) {
          // A worker takes one job per fetch: a backlog of independent jobs drains one per interval
          // (NOTIFY wakes it only for new ones), so the fallback poll is kept at its shortest.
          const polling = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };
          await boss.work(name, polling, (jobs) => run(name, handler as JobHandler<unknown>, jobs));
        }
      }
      if (options.schedule) {
        for (const [name, cron] of crons)
          await boss.schedule(name, cron, null, { tz: 'UTC', missed: 'once' });
      }
    },

    /** Lets jobs in progress finish (up to 10 s; an unfinished one runs again later), then stops polling. */
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000, close: true });
      started = false;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
type EnqueueOptions = { delaySeconds?: number; group?: string };

// Our Database type leaves execute()'s result unknown; both drivers answer with `{ rows }`.
const connectionOf = (tx: Database) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);

/**
 * No cron schedules unless asked for (`schedules`), and no instance registry rows. Creating a job
 * wakes the workers at once (LISTEN/NOTIFY), so a chain of batches does not wait a poll per link;
 * polling stays as the fallback.
 */
const quiet = { schedule: false, registerInstance: false, useListenNotify: true } as const;
