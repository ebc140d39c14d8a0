import { mkdirSync } from 'node:fs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { CachedStatementsPGlite } from './cached-statements-pglite.js';
import { GENERIC_PLANS_OPTION, namedStatements } from './named-statements-pg.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** A database or a transaction: every query function accepts either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(migrationsFolder: string): Promise<void>;
  /** LISTEN on a channel; the callback gets each NOTIFY payload (sent after the notifying transaction commits). */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

export type DatabaseOptions = {
  /** A PostgreSQL server URL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; without it PGlite lives in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Called for every SQL statement Drizzle sends (query-count tests, statement logs). */
  onQuery?: (sql: string, params: unknown[]) => void;
  /**
   * Told when a PostgreSQL connection breaks while idle (server restart, terminated backend). The
   * pool replaces the connection and the listener reconnects; without a handler pg would throw the
   * error out of the process.
   */
  onConnectionError?: (error: Error) => void;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger: Logger | undefined = options.onQuery
    ? { logQuery: (query, params) => options.onQuery?.(query, params) }
    : undefined;
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 20, logger, options.onConnectionError ?? (() => {}))
    : openPglite(options.dataDir, logger);
}

async function openPglite(dataDir: string | undefined, logger: Logger | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new CachedStatementsPGlite(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  await client.waitReady;
  // Every statement stays prepared here, so each can keep one generic plan instead of being planned
  // again per call, which in WebAssembly took two fifths of a feed request (bench/RESULTS.md). Page
  // sizes are written into the statements (literalLimit) so that those plans know them.
  await client.exec('SET plan_cache_mode = force_generic_plan');
  const db = drizzlePglite({ client, schema, ...(logger && { logger }) });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
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
  poolSize: number,
  logger: Logger | undefined,
  onConnectionError: (error: Error) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: GENERIC_PLANS_OPTION });
  pool.on('connect', namedStatements().install);
  pool.on('error', onConnectionError);
  const db = drizzlePg({ client: pool, schema, ...(logger && { logger }) });
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listenTo = (client: pg.Client, channel: string) =>
    client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);

  function listenerClient(): Promise<pg.Client> {
    listener ??= connectListener();
    return listener;
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => {
      onConnectionError(error);
      listener = undefined;
      client.end().catch(() => {});
      if (!closed) setTimeout(relisten, 1000).unref();
    });
    try {
      await client.connect();
    } catch (error) {
      listener = undefined;
      throw error;
    }
    return client;
  }

  /** After a broken listener connection: a new one, listening on every channel someone still follows. */
  async function relisten() {
    if (closed || handlers.size === 0) return;
    try {
      const client = await listenerClient();
      for (const channel of handlers.keys()) await listenTo(client, channel);
    } catch (error) {
      onConnectionError(error as Error);
      if (!closed) setTimeout(relisten, 1000).unref();
    }
  }

  return {
    db: db as unknown as Database,
    kind: 'postgres',
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
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let channelHandlers = handlers.get(channel);
      if (!channelHandlers) {
        channelHandlers = new Set();
        handlers.set(channel, channelHandlers);
        await listenTo(client, channel);
      }
      channelHandlers.add(onPayload);
      return async () => {
        channelHandlers.delete(onPayload);
        if (channelHandlers.size === 0 && handlers.get(channel) === channelHandlers) {
          handlers.delete(channel);
          await client.query(`UNLISTEN "${channel.replaceAll('"', '""')}"`).catch(() => {});
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
