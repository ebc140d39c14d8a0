import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import webPush from 'web-push';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { EventBus } from '../../src/lib/events.js';
import type { PasswordHashing } from '../../src/lib/passwords.js';
import type { Storage } from '../../src/lib/storage/storage.js';
import { sessionUserStatementOf } from '../../src/modules/users/users.queries.js';
import { createTestDatabase, embeddedThread } from './database.js';

/**
 * Password hashes at a fraction of production's cost: test files sign up hundreds of accounts.
 * auth.test.ts checks that a server built without it hashes at PASSWORD_HASHING.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The account that moderates in every test app (ADMIN_EMAILS): sign it up to act as a moderator. */
export const MODERATOR_EMAIL = 'moderator@pathwise.test';

export const testConfig: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: undefined,
  databasePoolSize: 5,
  databaseLogStatements: false,
  embeddedDatabaseThread: embeddedThread,
  sessionCacheSeconds: 60,
  exploreCacheSeconds: 60,
  pageCache: true,
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  jwtPreviousSecret: undefined,
  jwtExpiresInSeconds: 3600,
  publicUrl: undefined,
  logLevel: 'silent',
  logFormat: 'json',
  authRateLimitPerMinute: 10_000,
  smtpUrl: undefined,
  mailFrom: 'Pathwise <no-reply@pathwise.test>',
  trustProxy: false,
  corsOrigins: [],
  adminEmails: new Set([MODERATOR_EMAIL]),
  jobWorkers: true,
  schedules: false,
  publicReading: false,
  oidcProviders: { google: { name: 'Google', client: null } },
  mediaStorage: { driver: 'local' },
  federation: null,
  // A key pair of this run: push tests decrypt nothing with it, browsers only check its signature.
  webPush: { ...webPush.generateVAPIDKeys(), subject: 'mailto:push@pathwise.test', allowHttp: false },
};

/** VAPID_* for a server process started on a PostgreSQL server, which requires them (the test app's pair). */
export const testVapidEnv = {
  VAPID_PUBLIC_KEY: testConfig.webPush.publicKey,
  VAPID_PRIVATE_KEY: testConfig.webPush.privateKey,
};

/**
 * Counts the SQL statements sent on behalf of `action` (lists must cost a constant number): those
 * sent from its own async context, so a background job running meanwhile is not counted. `statements`
 * leaves out the auth plugin's look-up of the token's account, which a process makes once for a while
 * per user (db/session-cache.ts), so that a route's count does not depend on who asked before; `sent`
 * has every statement.
 */
export type QueryCounter = {
  count<T>(action: () => Promise<T>): Promise<{ result: T; statements: number; sent: SentStatement[] }>;
};
/** A statement as the app sent it, with its parameters. */
export type SentStatement = { sql: string; params: unknown[] };

/** The whole app on a fresh database of its own; close() also drops that database. */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    webDistDir?: string;
    events?: EventBus;
    /** Hash passwords at the server's own cost instead of TEST_PASSWORD_HASHING. */
    productionPasswordHashing?: boolean;
    /** Fastify logger options; tests log nothing by default. */
    logger?: FastifyServerOptions['logger'];
    storage?: Storage;
  } = {},
) {
  const measured = new AsyncLocalStorage<{ statements: number; sent: SentStatement[] }>();
  const database = await createTestDatabase((sql, params) => {
    const tally = measured.getStore();
    if (!tally) return;
    if (sql !== sessionUserStatement) tally.statements++;
    tally.sent.push({ sql, params });
  });
  const sessionUserStatement = sessionUserStatementOf(database.db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathwise-test-'));
  const app = await buildApp({
    config: { ...testConfig, dataDir, ...options.config },
    database,
    webDistDir: options.webDistDir,
    logger: options.logger ?? false,
    ...(options.events && { events: options.events }),
    ...(options.storage && { storage: options.storage }),
    ...(!options.productionPasswordHashing && { passwordHashing: TEST_PASSWORD_HASHING }),
  });
  const queries: QueryCounter = {
    async count(action) {
      const tally = { statements: 0, sent: [] as SentStatement[] };
      // Awaited inside the context: inject() answers a lazy thenable that starts only when awaited.
      const result = await measured.run(tally, async () => await action());
      return { result, statements: tally.statements, sent: tally.sent };
    },
  };
  return {
    app,
    db: database.db,
    database,
    queries,
    /** DATA_DIR of this app: uploaded media live in `media/`, staged uploads in `tmp/`. */
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
