import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Explore, Notification, Page, Post } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { SIGN_IN_FAILURES } from '../../src/modules/auth/sign-in-attempts.js';
import {
  FOLLOWERS_PER_JOB,
  NOTIFY_FOLLOWERS_JOB,
} from '../../src/modules/notifications/notifications.fan-out.js';
import { bearer, signUp, type TestAccount } from '../helpers/accounts.js';
import { testVapidEnv } from '../helpers/app.js';
import { createServerDatabase, serverUrl } from '../helpers/database.js';
import { openEventStream } from '../helpers/event-stream.js';
import { planShareCount, seedFollowers } from '../helpers/followers.js';
import { overHttp } from '../helpers/http-app.js';
import { createPlan } from '../helpers/plans.js';
import { createPost, filePart, filesIn, fixture } from '../helpers/posts.js';
import { nginxBinary, startNginx } from '../helpers/reverse-proxy.js';
import { type S3TestServer, startS3Server } from '../helpers/s3-server.js';
import { type ServerProcess, startServer, stopServer, waitForListening } from '../helpers/server-process.js';
import { addComment, callAs, follow, toggleLike } from '../helpers/social.js';

// The deployment docs/operations.md describes for several instances, for real: the built server
// (`npm run build`) started twice as separate processes on one fresh PostgreSQL database and one S3
// server, nothing else shared (each has its own DATA_DIR), requests alternating between them.

/** Well above the dozen sign-ups the test makes from its own address, which count too. */
const ATTEMPTS_PER_MINUTE = 20;
const FOLLOWERS = 10_000;

const adminUrl = serverUrl ?? '';
if (!adminUrl) throw new Error('The topology test needs a PostgreSQL server: set DATABASE_URL.');
const builtServer = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
if (!existsSync(builtServer))
  throw new Error('The topology test runs the built server: `npm run build` first.');

type Instance = { process: ServerProcess; url: string; dataDir: string; api: ReturnType<typeof overHttp> };

let database: Awaited<ReturnType<typeof createServerDatabase>>;
let s3: S3TestServer;
let a: Instance;
let b: Instance;
/** The test's own connection, to seed data in SQL and read what the instances wrote. */
let direct: DatabaseHandle;
let ann: TestAccount;
let annPostId: number;

async function startInstance(): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathwise-topology-'));
  const server = startServer(
    {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      JWT_SECRET: 'every-instance-shares-this-secret-0123456789',
      ...testVapidEnv,
      ...s3.env,
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: String(ATTEMPTS_PER_MINUTE),
    },
    { built: true },
  );
  const url = await waitForListening(server);
  return { process: server, url, dataDir, api: overHttp(url) };
}

beforeAll(async () => {
  [database, s3] = await Promise.all([createServerDatabase(adminUrl), startS3Server()]);
  // One after the other: the first applies the migrations, the second finds them applied.
  a = await startInstance();
  b = await startInstance();
  direct = await openDatabase({ url: database.url, poolSize: 2 });
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((instance) => stopServer(instance.process)));
  await direct?.close();
  await database?.drop();
  await s3?.close();
  for (const instance of [a, b]) if (instance) rmSync(instance.dataDir, { recursive: true, force: true });
});

/** Ann's notifications newer than `afterId`, oldest first, as the API lists them. */
async function notificationsAfter(account: TestAccount, afterId: number) {
  const res = await callAs(b.api, account, { url: '/api/notifications?size=50' });
  expect(res.statusCode).toBe(200);
  return (res.json() as Page<Notification>).content.filter((item) => item.id > afterId).reverse();
}

describe('two built server processes on one database and one S3 server', () => {
  it('accepts on B the token A signed at sign-up', async () => {
    ann = await signUp(a.api, { name: 'Ann Lee' });
    const me = await b.api.app.inject({ url: '/api/auth/me', headers: bearer(ann.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: ann.user.id, email: ann.user.email });
  });

  it('refuses on B the tokens of a user who signed out everywhere through A', async () => {
    const cat = await signUp(a.api, { name: 'Cat Ray' });
    const me = (instance: Instance, token: string) =>
      instance.api.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    // Both instances now hold Cat's account in their caches.
    expect((await me(b, cat.token)).statusCode).toBe(200);
    expect((await me(a, cat.token)).statusCode).toBe(200);
    const signedOut = await a.api.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: bearer(cat.token),
    });
    expect(signedOut.statusCode).toBe(200);
    // B hears of it through the database (the users trigger's NOTIFY), a moment after A's commit.
    await vi.waitFor(async () => expect((await me(b, cat.token)).statusCode).toBe(401), { timeout: 5_000 });
    expect((await me(b, signedOut.json().accessToken)).statusCode).toBe(200);
  });

  it('serves through B, by byte ranges, a video uploaded through A', async () => {
    const post = await createPost(a.api, ann.token, {}, [filePart('short.mp4')]);
    annPostId = post.id;
    const video = fixture('short.mp4');
    const res = await b.api.app.inject({
      url: new URL(post.media[0]!.fileUrl).pathname,
      headers: { range: 'bytes=100-1099' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${video.length}`);
    expect(res.rawPayload.equals(video.subarray(100, 1100))).toBe(true);
    // The bytes came from the bucket: A kept no copy of its own.
    expect(filesIn(a, 'media')).toEqual([]);
  });

  it('pushes a like made through B to a stream open on A', async () => {
    const bob = await signUp(b.api, { name: 'Bob Stone' });
    const stream = await openEventStream(`${a.url}/api/notifications/stream`, bearer(ann.token));
    try {
      expect((await stream.next('unread-count', 10_000)).data).toBe(0);
      expect((await toggleLike(b.api, bob, annPostId)).statusCode).toBe(200);
      const pushed = await stream.next('notification', 10_000);
      expect(pushed.data).toMatchObject({
        type: 'LIKE',
        message: 'Bob Stone liked your post',
        entityId: annPostId,
      });
    } finally {
      stream.close();
    }
  });

  it('trips the sign-in limit of one address at its number of failures, attempts alternating', async () => {
    const statuses: number[] = [];
    let refusal: Record<string, unknown> = {};
    for (let i = 0; i < SIGN_IN_FAILURES.perAddress + 2; i++) {
      const res = await (i % 2 ? b : a).api.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.7',
        payload: { email: ann.user.email, password: `wrong guess ${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refusal = res.headers;
    }
    expect(statuses).toEqual([...Array(SIGN_IN_FAILURES.perAddress).fill(400), 429, 429]);
    expect(Number(refusal['retry-after'])).toBeGreaterThan(0);
  });

  it("keeps B's first page of Latest posts true to what A and the database changed", async () => {
    const eve = await signUp(b.api, { name: 'Eve Moss' });
    const feedOn = async (instance: Instance, account: TestAccount) => {
      const res = await callAs(instance.api, account, { url: '/api/posts?page=0&size=5' });
      expect(res.statusCode).toBe(200);
      return (res.json() as Page<Post>).content;
    };
    const kept = await createPost(a.api, eve.token, { title: 'Kept on B' });
    // B builds its page once and answers the second read from it.
    await vi.waitFor(async () => expect((await feedOn(b, ann))[0]?.id).toBe(kept.id), { timeout: 5_000 });
    expect((await feedOn(b, ann))[0]?.likesCount).toBe(0);

    // Ann's like through A: A tells every process once it commits, and B, which sends no statement for a
    // kept page, forgets Ann's part and the counts when that NOTIFY arrives.
    expect((await toggleLike(a.api, ann, kept.id)).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await feedOn(b, ann))[0]).toMatchObject({
          id: kept.id,
          likesCount: 1,
          isLikedByCurrentUser: true,
        }),
      { timeout: 5_000 },
    );

    // A new post through A reaches B within the NOTIFY's delivery.
    const newer = await createPost(a.api, eve.token, { title: 'Newer through A' });
    await vi.waitFor(async () => expect((await feedOn(b, ann))[0]?.id).toBe(newer.id), { timeout: 5_000 });

    // Hidden by hand in SQL: B forgets its kept page once the trigger's NOTIFY arrives, and never serves
    // the post again after that.
    await direct.db.execute(sql`update posts set hidden_at = now(), hidden_reason = 'By hand'
      where id = ${newer.id}`);
    await vi.waitFor(
      async () => expect((await feedOn(b, ann)).map((post) => post.id)).not.toContain(newer.id),
      { timeout: 5_000 },
    );
    for (let read = 0; read < 3; read++)
      expect((await feedOn(b, ann)).map((post) => post.id)).not.toContain(newer.id);
    // Renamed by hand: the kept page takes the new name once the trigger's NOTIFY arrives.
    await direct.db.execute(sql`update users set name = 'Eve Renamed' where id = ${eve.user.id}`);
    await vi.waitFor(async () => expect((await feedOn(b, ann))[0]?.author.name).toBe('Eve Renamed'), {
      timeout: 5_000,
    });
  });

  it("keeps B's Explore true to what A and the database changed", async () => {
    const gil = await signUp(a.api, { name: 'Gil Trend' });
    const hal = await signUp(b.api, { name: 'Hal Reader' });
    const trending = await createPost(a.api, gil.token, { title: 'Trending through A' });
    // Liked before B first ranks: B's ranking, kept a minute, has it.
    expect((await toggleLike(a.api, hal, trending.id)).statusCode).toBe(200);
    const onB = async () => {
      const res = await callAs(b.api, hal, { url: '/api/explore' });
      expect(res.statusCode).toBe(200);
      return (res.json() as Explore).trendingPosts.find((post) => post.id === trending.id);
    };
    expect(await onB()).toMatchObject({
      title: 'Trending through A',
      likesCount: 1,
      isLikedByCurrentUser: true,
    });
    expect(await onB()).toMatchObject({ likesCount: 1 });

    // Retitled by hand: B's kept sections take the new title once the trigger's NOTIFY arrives.
    await direct.db.execute(sql`update posts set title = 'Retitled by hand' where id = ${trending.id}`);
    await vi.waitFor(async () => expect((await onB())?.title).toBe('Retitled by hand'), { timeout: 5_000 });
    // Hidden by hand: B never serves it again, not even once from its kept sections.
    await direct.db.execute(sql`update posts set hidden_at = now(), hidden_reason = 'By hand'
      where id = ${trending.id}`);
    expect(await onB()).toBeUndefined();
  });

  it(`notifies all ${FOLLOWERS.toLocaleString('en')} followers of a published plan through the job queue`, async () => {
    const dana = await signUp(a.api, { name: 'Dana Park' });
    await seedFollowers(direct.db, dana.user.id, FOLLOWERS, 'fan');

    const plan = await createPlan(b.api, dana.token, { title: 'Learn Postgres', isPublic: true });

    await vi.waitFor(async () => expect(await planShareCount(direct.db, plan.id)).toBe(FOLLOWERS), {
      timeout: 45_000,
      interval: 250,
    });
    const { rows } = (await direct.db.execute(sql`
      select count(distinct recipient_id)::int as recipients,
             (select count(*)::int from pgboss.job
              where name = ${NOTIFY_FOLLOWERS_JOB} and data->>'planId' = ${String(plan.id)}) as jobs
      from notifications where plan_id = ${plan.id}`)) as unknown as {
      rows: { recipients: number; jobs: number }[];
    };
    // Each follower once, by batch jobs of FOLLOWERS_PER_JOB each.
    expect(rows[0]).toEqual({ recipients: FOLLOWERS, jobs: expect.any(Number) });
    expect(rows[0]!.jobs).toBeGreaterThanOrEqual(FOLLOWERS / FOLLOWERS_PER_JOB);
  });

  // CI installs nginx; elsewhere this part runs where it is installed.
  describe.runIf(nginxBinary)('behind nginx configured by deploy/nginx/pathwise.conf', () => {
    let proxy: Awaited<ReturnType<typeof startNginx>>;
    beforeAll(async () => {
      proxy = await startNginx([new URL(a.url).host, new URL(b.url).host]);
    });
    afterAll(() => proxy?.stop());

    it('spreads requests over both instances', async () => {
      const erin = await signUp(overHttp(proxy.url), { name: 'Erin Wolfe' });
      // least_conn breaks ties in turn per nginx worker, so a worker's first few may all go to one
      // instance: up to 20 requests, until each instance has answered one.
      const answered = () =>
        [a, b].filter((instance) => instance.process.output().includes('probe=proxied-'));
      for (let i = 0; i < 20 && answered().length < 2; i++) {
        const res = await callAs(overHttp(proxy.url), erin, { url: `/api/auth/me?probe=proxied-${i}` });
        expect(res.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50)); // the line reaches its output
      }
      expect(answered()).toHaveLength(2);
    });

    it('carries a notification stream as it happens', async () => {
      const through = overHttp(proxy.url);
      const [gus, hana] = [
        await signUp(through, { name: 'Gus Ray' }),
        await signUp(through, { name: 'Hana Mori' }),
      ];
      const stream = await openEventStream(`${proxy.url}/api/notifications/stream`, bearer(gus.token));
      try {
        expect(stream.contentType).toMatch(/^text\/event-stream/);
        expect((await stream.next('unread-count', 10_000)).data).toBe(0);
        expect((await follow(through, hana, gus)).statusCode).toBe(200);
        expect((await stream.next('notification', 10_000)).data).toMatchObject({
          type: 'FOLLOW',
          message: 'Hana Mori started following you',
        });
      } finally {
        stream.close();
      }
    });
  });

  it('after A is killed (-9) under an open stream, resumes on B from Last-Event-ID, each missed notification once', async () => {
    const carl = await signUp(b.api, { name: 'Carl Hale' });
    const onA = await openEventStream(`${a.url}/api/notifications/stream`, bearer(ann.token));
    const lastEventId = (await onA.next('unread-count', 10_000)).id!;

    a.process.process.kill('SIGKILL');
    await a.process.exited;
    await onA.ended;

    // Made through B while Ann's client has no stream.
    await addComment(b.api, carl, annPostId, 'Nice progress!');
    expect((await follow(b.api, carl, ann)).statusCode).toBe(200);
    await addComment(b.api, carl, annPostId, '@annlee what did you read?');
    const missed = await notificationsAfter(ann, Number(lastEventId));
    expect(missed.map((item) => item.type)).toEqual(['COMMENT', 'FOLLOW', 'COMMENT', 'MENTION']);

    const onB = await openEventStream(`${b.url}/api/notifications/stream`, {
      ...bearer(ann.token),
      'last-event-id': lastEventId,
    });
    try {
      for (const expected of missed) {
        const replayed = await onB.next('notification', 10_000);
        expect(replayed.data).toMatchObject({ id: expected.id, type: expected.type });
      }
      const unread = (await onB.next('unread-count', 10_000)).data;
      expect(unread).toBe(missed.length + 1); // and Bob's like from before

      // Live again: the next notification is the new one, no replayed one repeated before it.
      await addComment(b.api, carl, annPostId, 'Back again');
      const [live] = await notificationsAfter(ann, missed.at(-1)!.id);
      expect((await onB.next('notification', 10_000)).data).toMatchObject({ id: live!.id });
    } finally {
      onB.close();
    }
  });
});
