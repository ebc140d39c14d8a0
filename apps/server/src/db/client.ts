import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { deferringAfterCommit } from './after-commit.js';
import { installDeferredBegin } from './deferred-begin-pg.js';
import { openEmbeddedDatabase } from './embedded-database.js';
import { GENERIC_PLANS_OPTION, namedStatements } from './named-statements-pg.js';
import { WorkerPGlite } from './pglite-in-worker.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** A database or a transaction: every query function accepts either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type Unlisten = () => Promise<void>;
/**
 * What a listener is told besides payloads: that the connection broke (payloads go unheard), and that it is
 * back.
 */
export type ListenEvents = { onInterrupt?: (() => void) | undefined; onResume?: (() => void) | undefined };
type Listener = { onPayload: (payload: string) => void } & ListenEvents;

/**
 * Wait before the next attempt to reconnect the LISTEN connection: doubling from a quarter second up
 * to 30 s, with jitter so that many server processes losing the database together do not all
 * reconnect at the same instant.
 */
function relistenDelayMs(failedAttempts: number): number {
  const ceiling = Math.min(30_000, 250 * 2 ** failedAttempts);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * How often the LISTEN connection is asked a trivial question, and how long it may take to answer (or to
 * connect): a connection dropped without a word (by a NAT or a proxy) would otherwise leave kept pages
 * believing they hear every change.
 */
const LISTEN_HEARTBEAT_MS = 10_000;

/** What the job queue needs of the embedded database, on the server's thread or in its worker. */
export type EmbeddedClient = Pick<PGlite, 'query' | 'exec' | 'listen'>;

/** Where the embedded database runs: a worker thread of its own, or the server's thread. */
export type EmbeddedThread = 'worker' | 'main';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** How other clients reach the same database (the job queue opens its own connections). */
  connection: { pglite: EmbeddedClient } | { url: string };
  migrate(migrationsFolder: string): Promise<void>;
  /**
   * LISTEN on a channel; `onPayload` gets each NOTIFY payload (sent after the notifying transaction
   * commits). Payloads notified while the connection is broken are lost: `onInterrupt` is called when
   * it breaks and, once it is back (reconnected with backoff), `onResume`, so the listener can read
   * what it missed from the tables. The embedded database runs in this process, so its LISTEN never breaks.
   */
  listen(channel: string, onPayload: (payload: string) => void, events?: ListenEvents): Promise<Unlisten>;
  close(): Promise<void>;
}

export type DatabaseOptions = {
  /** A PostgreSQL server URL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; without it PGlite lives in memory (tests). */
  dataDir?: string | undefined;
  /** Where PGlite runs (EMBEDDED_DATABASE_THREAD); its own worker thread when not given. */
  embeddedThread?: EmbeddedThread | undefined;
  /** A dumped PGlite data directory to start the embedded database from (tests copy a migrated one). */
  embeddedCopyOf?: Blob | undefined;
  poolSize?: number;
  /** Called for every SQL statement Drizzle sends (query-count tests, statement logs). */
  onQuery?: (sql: string, params: unknown[]) => void;
  /**
   * Told when a PostgreSQL connection breaks while idle (server restart, terminated backend). The
   * pool replaces the connection and the listener reconnects; without a handler pg would throw the
   * error out of the process.
   */
  onConnectionError?: (error: Error) => void;
  /** How often the LISTEN connection must answer a trivial question (tests shorten it). */
  listenHeartbeatMs?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger: Logger | undefined = options.onQuery
    ? { logQuery: (query, params) => options.onQuery?.(query, params) }
    : undefined;
  const handle = await (options.url
    ? openPostgres(options.url, {
        poolSize: options.poolSize ?? 20,
        logger,
        onConnectionError: options.onConnectionError ?? (() => {}),
        heartbeatMs: options.listenHeartbeatMs ?? LISTEN_HEARTBEAT_MS,
      })
    : openPglite(options.dataDir, options.embeddedThread ?? 'worker', logger, options.embeddedCopyOf));
  deferringAfterCommit(handle.db);
  return handle;
}

async function openPglite(
  dataDir: string | undefined,
  thread: EmbeddedThread,
  logger: Logger | undefined,
  copyOf: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (copyOf && thread === 'worker') throw new Error('a copied embedded database runs on the main thread');
  const client =
    thread === 'worker' ? new WorkerPGlite(dataDir) : await openEmbeddedDatabase(dataDir, copyOf);
  await client.waitReady;
  // Drizzle's PGlite driver calls only what WorkerPGlite answers (query, transaction).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, ...(logger && { logger }) });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    connection: { pglite: client },
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return unlisten;
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  {
    poolSize,
    logger,
    onConnectionError,
    heartbeatMs,
  }: {
    poolSize: number;
    logger: Logger | undefined;
    onConnectionError: (error: Error) => void;
    heartbeatMs: number;
  },
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: GENERIC_PLANS_OPTION,
    pipeline: true,
  });
  pool.on('connect', namedStatements().install);
  pool.on('connect', installDeferredBegin);
  pool.on('error', onConnectionError);
  const db = drizzlePg({ client: pool, schema, ...(logger && { logger }) });
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  let failedReconnects = 0;
  const handlers = new Map<string, Set<Listener>>();
  const listenTo = (client: pg.Client, channel: string) =>
    client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);

  function listenerClient(): Promise<pg.Client> {
    listener ??= connectListener();
    return listener;
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      query_timeout: heartbeatMs,
      connectionTimeoutMillis: heartbeatMs,
    });
    client.on('notification', (message) => {
      for (const { onPayload } of handlers.get(message.channel) ?? []) onPayload(message.payload ?? '');
    });
    let broken = false;
    const heartbeat = setInterval(() => client.query('select 1').catch(onBreak), heartbeatMs);
    heartbeat.unref();
    const onBreak = (error: Error) => {
      clearInterval(heartbeat);
      if (broken || closed) return;
      broken = true;
      onConnectionError(error);
      for (const channelListeners of handlers.values()) {
        for (const { onInterrupt } of channelListeners) onInterrupt?.();
      }
      listener = undefined;
      client.end().catch(() => {});
      scheduleRelisten();
    };
    client.on('error', onBreak);
    client.on('end', () => onBreak(new Error('the LISTEN connection ended')));
    try {
      await client.connect();
    } catch (error) {
      broken = true;
      clearInterval(heartbeat);
      listener = undefined;
      throw error;
    }
    return client;
  }

  function scheduleRelisten() {
    if (closed) return;
    setTimeout(relisten, relistenDelayMs(failedReconnects)).unref();
  }

  /**
   * After a broken listener connection: a new one, listening on every channel someone still follows;
   * then each listener is told to resume, since whatever was notified meanwhile was not heard.
   */
  async function relisten() {
    if (closed || handlers.size === 0) return;
    try {
      const client = await listenerClient();
      for (const channel of handlers.keys()) await listenTo(client, channel);
    } catch (error) {
      failedReconnects++;
      onConnectionError(error as Error);
      scheduleRelisten();
      return;
    }
    failedReconnects = 0;
    for (const channelListeners of handlers.values()) {
      for (const { onResume } of channelListeners) onResume?.();
    }
  }

  return {
    db: db as unknown as Database,
    kind: 'postgres',
    connection: { url },
    async migrate(migrationsFolder) {
      // One process migrates at a time when several servers start together.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock(7263514)');
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(7263514)').catch(() => {});
        await client.end();
      }
    },
    async listen(channel, onPayload, events = {}) {
      const client = await listenerClient();
      let channelListeners = handlers.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        handlers.set(channel, channelListeners);
        await listenTo(client, channel);
      }
      const entry: Listener = { onPayload, ...events };
      channelListeners.add(entry);
      return async () => {
        channelListeners.delete(entry);
        if (channelListeners.size === 0 && handlers.get(channel) === channelListeners) {
          handlers.delete(channel);
          await listener
            ?.then((current) => current.query(`UNLISTEN "${channel.replaceAll('"', '""')}"`))
            .catch(() => {});
        }
      };
    },
    async close() {
      if (pool.ended) return;
      closed = true;
      await listener?.then((client) => client.end()).catch(() => {});
      await pool.end();
    },
  };
}
