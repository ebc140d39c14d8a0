import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { users } from '../src/db/schema/index.js';
import { createSessionCache, type SessionUser } from '../src/db/session-cache.js';
import { sessionUserStatementOf } from '../src/modules/users/users.queries.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';

// A second app on A's database, as a second process would be: each keeps its own cache. Changes made
// by hand reach both only through the database (the trigger's NOTIFY); those of the product also
// reach the app that made them at once (forgetSessionAfterCommit), which here both apps share, so
// the topology test covers them between real processes.
let a: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  a = await createTestApp();
  b = await buildApp({
    config: { ...testConfig, dataDir: a.dataDir, jobWorkers: false },
    // A's app closes the database.
    database: { ...a.database, close: async () => {} },
    logger: false,
  });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const me = (app: TestApp['app'], token: string) =>
  app.inject({ url: '/api/auth/me', headers: bearer(token) });

/** Asks until `app` refuses the token: another process hears of a change at its commit, not before. */
async function refusedBy(app: TestApp['app'], token: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await me(app, token)).statusCode === 401) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** An account both processes have answered, so each holds it. */
async function knownToBoth(): Promise<TestAccount> {
  const account = await signUp(a);
  expect((await me(b, account.token)).statusCode).toBe(200);
  return account;
}

describe('the token’s account, kept by each process', () => {
  it('is read once, then requests cost no look-up until the account’s sessions change', async () => {
    const ann = await signUp(a);
    const lookUp = sessionUserStatementOf(a.db);
    const lookUps = async () =>
      (await a.queries.count(() => me(a.app, ann.token))).sent.filter((s) => s.sql === lookUp).length;
    expect(await lookUps()).toBe(0);

    const fresh = (
      await a.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: bearer(ann.token) })
    ).json().accessToken as string;
    const afterChange = await a.queries.count(() => me(a.app, ann.token));
    expect(afterChange.result.statusCode).toBe(401);
    expect(afterChange.sent.filter((s) => s.sql === lookUp)).toHaveLength(1);
    expect((await me(a.app, fresh)).statusCode).toBe(200);
    expect(await lookUps()).toBe(0);
  });

  it('is forgotten by every process when the account changes in the database by another way', async () => {
    const [ann, bob, cat] = [await knownToBoth(), await knownToBoth(), await knownToBoth()];
    await a.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, ann.user.id));
    await a.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, bob.user.id));
    await a.db.delete(users).where(eq(users.id, cat.user.id));
    for (const { token } of [ann, bob, cat]) {
      expect(await refusedBy(a.app, token)).toBe(true);
      expect(await refusedBy(b, token)).toBe(true);
    }
  });

  it('lets a lifted suspension take effect on every process', async () => {
    const ann = await knownToBoth();
    await a.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, ann.user.id));
    expect(await refusedBy(b, ann.token)).toBe(true);
    // A suspension raises the token version in the product; by hand here it did not, so the token is good
    // again.
    await a.db.update(users).set({ suspendedAt: null }).where(eq(users.id, ann.user.id));
    let responded = 0;
    for (let attempt = 0; attempt < 100 && responded !== 200; attempt++) {
      responded = (await me(b, ann.token)).statusCode;
      if (responded !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(responded).toBe(200);
  });
});

describe('createSessionCache', () => {
  const user: SessionUser = { id: 1, tokenVersion: 0, suspended: false };

  it('does not keep what a read found when the user changed while it was reading', async () => {
    const reads: Array<(found: SessionUser) => void> = [];
    const load = () => new Promise<SessionUser>((resolve) => reads.push(resolve));
    const cache = await createSessionCache(a.database, load, 60);
    try {
      const racing = cache.user(1);
      cache.forget(1);
      reads[0]!(user);
      expect(await racing).toEqual(user);
      const next = cache.user(1);
      expect(reads).toHaveLength(2);
      reads[1]!({ ...user, tokenVersion: 1 });
      expect(await next).toEqual({ ...user, tokenVersion: 1 });
      expect(await cache.user(1)).toEqual({ ...user, tokenVersion: 1 });
      expect(reads).toHaveLength(2);
    } finally {
      await cache.stop();
    }
  });

  it('reads the database for every request with 0 seconds', async () => {
    let reads = 0;
    const cache = await createSessionCache(
      a.database,
      async () => {
        reads++;
        return user;
      },
      0,
    );
    await cache.user(1);
    await cache.user(1);
    expect(reads).toBe(2);
  });
});
