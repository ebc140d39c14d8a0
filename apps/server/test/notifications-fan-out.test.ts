import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { FOLLOWERS_PER_JOB } from '../src/modules/notifications/notifications.fan-out.js';
import { signUp } from './helpers/accounts.js';
import { testConfig } from './helpers/app.js';
import {
  createMigratedServerDatabase,
  migratedDataDir,
  migrationsFolder,
  serverUrl,
} from './helpers/database.js';
import { planShareCount, seedFollowers } from './helpers/followers.js';
import { createPlan } from './helpers/plans.js';

// A database that outlives the apps on it: a PGlite directory, or a database on the PostgreSQL server.
const dataDir = await migratedDataDir('pathwise-fan-out-');
const server = serverUrl ? await createMigratedServerDatabase(serverUrl) : undefined;
const openSharedDatabase = async () => {
  const database = await openDatabase(
    server ? { url: server.url, poolSize: 5 } : { dataDir: path.join(dataDir, 'db') },
  );
  await database.migrate(migrationsFolder);
  return database;
};

/** The app on `database`, its warnings and errors kept in `logs`; closing it closes the database. */
async function startApp(database: DatabaseHandle, { jobWorkers = true, logs = [] as string[] } = {}) {
  const app = await buildApp({
    config: { ...testConfig, dataDir, jobWorkers },
    database,
    logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
  });
  return Object.assign(app, { db: database.db });
}
type App = Awaited<ReturnType<typeof startApp>>;

const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 45_000, interval: 200 });
// Each test opens the database again and starts pg-boss on it: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

afterAll(async () => {
  await server?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('publishing a public plan', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp(await openSharedDatabase());
  }, 240_000);
  afterAll(() => app.close());

  it(`notifies every follower through the job queue, ${FOLLOWERS_PER_JOB} per job`, async () => {
    const ann = await signUp({ app }, { name: 'Ann Lee' });
    const followers = FOLLOWERS_PER_JOB * 2 + 500;
    await seedFollowers(db(app), ann.user.id, followers, 'annfan');

    const plan = await createPlan({ app }, ann.token, { title: 'Learn Rust' });

    await waitFor(async () => expect(await planShareCount(db(app), plan.id)).toBe(followers));
  });
});

describe('a job enqueued by a process that stopped before running it', () => {
  it('is run by the next process on the same database', async () => {
    const enqueuing = await startApp(await openSharedDatabase(), { jobWorkers: false });
    const bob = await signUp({ app: enqueuing }, { name: 'Bob Stone' });
    await seedFollowers(db(enqueuing), bob.user.id, 3, 'bobfan');
    const plan = await createPlan({ app: enqueuing }, bob.token, { title: 'Learn Go' });
    expect(await planShareCount(db(enqueuing), plan.id)).toBe(0);
    await enqueuing.close();

    const next = await startApp(await openSharedDatabase());
    try {
      await waitFor(async () => expect(await planShareCount(db(next), plan.id)).toBe(3));
    } finally {
      await next.close();
    }
  });
});

describe('a job that fails', () => {
  it('is logged with its attempt and retried until it succeeds', async () => {
    const logs: string[] = [];
    const app = await startApp(await openSharedDatabase(), { logs });
    try {
      const cat = await signUp({ app }, { name: 'Cat Moss' });
      await seedFollowers(db(app), cat.user.id, 2, 'catfan');
      // The database refuses share notifications for a while: a real failure of the job's statement.
      await db(app).execute(
        sql.raw(`
        create function refuse_shares() returns trigger language plpgsql as
          $$ begin raise exception 'share notifications are refused'; end $$`),
      );
      await db(app).execute(
        sql.raw(`
        create trigger refuse_shares before insert on notifications
          for each row when (new.type = 'LEARNING_PLAN_SHARE') execute function refuse_shares()`),
      );

      const plan = await createPlan({ app }, cat.token, { title: 'Learn Zig' });
      await waitFor(async () => expect(failures(logs)).not.toEqual([]));
      expect(failures(logs)[0]).toMatchObject({
        msg: 'a job failed',
        err: { message: expect.stringContaining('share notifications are refused') },
        job: { name: 'notify-followers-of-plan', attempt: 1 },
      });
      expect(await planShareCount(db(app), plan.id)).toBe(0);

      await db(app).execute(sql.raw('drop trigger refuse_shares on notifications'));
      await waitFor(async () => expect(await planShareCount(db(app), plan.id)).toBe(2));
    } finally {
      await app.close();
    }
  });
});

const db = (app: App) => app.db;

const failures = (logs: string[]) =>
  logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'a job failed');
