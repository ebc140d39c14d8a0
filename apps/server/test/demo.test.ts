import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Notification, Page, Post, UserProfile } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { PEOPLE } from '../src/demo/community.js';
import { DEMO_PASSWORD, DemoRefusedError, emailOf, fillDemo } from '../src/demo/fill-demo.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig, testVapidEnv } from './helpers/app.js';
import {
  createMigratedServerDatabase,
  migratedDataDir,
  migrationsFolder,
  serverUrl,
} from './helpers/database.js';
import { startServer } from './helpers/server-process.js';

const DAY_MS = 86_400_000;

async function count(t: TestApp, table: string) {
  const { rows } = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return rows[0]!.n;
}

describe('the demo community (npm run demo)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    await fillDemo(t.app, t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: emailOf(PEOPLE[0]!), password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().accessToken;
  }, 600_000);
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  /** The stored file behind a media URL, as a browser fetches it. */
  const fetchMedia = (url: string) => t.app.inject({ url: new URL(url, 'http://localhost').pathname });

  it('has about thirty people, each with a profile and an avatar the API serves', async () => {
    expect(await count(t, 'users')).toBe(PEOPLE.length);
    expect(PEOPLE.length).toBeGreaterThanOrEqual(25);
    const { rows } = (await t.db.execute(sql`select id from users order by id limit 3`)) as unknown as {
      rows: { id: number }[];
    };
    for (const { id } of rows) {
      const profile = await get<UserProfile>(`/api/users/${id}`);
      expect(profile.bio).not.toBe('');
      expect(profile.followersCount + profile.followingCount).toBeGreaterThan(0);
      const avatar = await fetchMedia(profile.profilePicture!);
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('has posts in the feed, some with pictures the API serves, liked and commented on', async () => {
    expect(await count(t, 'posts')).toBeGreaterThanOrEqual(30);
    const feed = await get<Page<Post>>('/api/posts?size=50');
    const illustrated = feed.content.filter((post) => post.media.length > 0);
    expect(illustrated.length).toBeGreaterThanOrEqual(5);
    for (const media of illustrated.slice(0, 3).flatMap((post) => post.media)) {
      const [file, thumbnail] = await Promise.all([
        fetchMedia(media.fileUrl),
        fetchMedia(media.thumbnailUrl!),
      ]);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(thumbnail.headers['content-type']).toBe('image/webp');
    }
    expect(feed.content.some((post) => post.likesCount > 0)).toBe(true);
    expect(await count(t, 'post_likes')).toBeGreaterThanOrEqual(100);
    expect(await count(t, 'comments')).toBeGreaterThanOrEqual(30);
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from comments where content like '%${sql.raw('```')}%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n, 'comments with code').toBeGreaterThan(0);
  });

  it('has plans with topics and resources, followed with progress', async () => {
    expect(await count(t, 'learning_plans')).toBeGreaterThanOrEqual(10);
    expect(await count(t, 'plan_resources')).toBeGreaterThanOrEqual(20);
    expect(await count(t, 'topic_progress')).toBeGreaterThanOrEqual(20);
    expect(await count(t, 'resource_completions')).toBeGreaterThanOrEqual(20);
  });

  it('has follows and the notifications they, likes, comments and new posts send', async () => {
    expect(await count(t, 'follows')).toBeGreaterThanOrEqual(90);
    expect(await count(t, 'notifications')).toBeGreaterThanOrEqual(200);
    const mine = await get<Page<Notification>>('/api/notifications?size=50');
    expect(mine.content.length).toBeGreaterThan(0);
  });

  it('spreads its history over the past weeks, in the order it happened', async () => {
    const { rows } = (await t.db.execute(
      sql`select min(created_at) as first, max(created_at) as last,
        (select max(created_at) from users) as "lastJoined" from posts`,
    )) as unknown as { rows: { first: string; last: string; lastJoined: string }[] };
    const [first, last] = [new Date(rows[0]!.first).getTime(), new Date(rows[0]!.last).getTime()];
    // Two days of joining, then the first post opens 58 days of activity, however long each part took.
    expect(Date.now() - first).toBeGreaterThan(57.9 * DAY_MS);
    expect(last).toBeLessThanOrEqual(Date.now());
    expect(new Date(rows[0]!.lastJoined).getTime()).toBeLessThanOrEqual(first);
    const { rows: misordered } = (await t.db.execute(
      sql`select count(*)::int as n from comments c join posts p on p.id = c.post_id
        where c.created_at < p.created_at`,
    )) as unknown as { rows: { n: number }[] };
    expect(misordered[0]!.n).toBe(0);
  });

  it('refuses a database that already has people, and changes nothing', async () => {
    const before = await count(t, 'posts');
    await expect(fillDemo(t.app, t.db)).rejects.toThrow(DemoRefusedError);
    await expect(fillDemo(t.app, t.db)).rejects.toThrow(
      /already has 30 users: the demo only fills an empty one/,
    );
    expect(await count(t, 'posts')).toBe(before);
  });
});

it('refuses a database with a single real user', async () => {
  const t = await createTestApp();
  try {
    await signUp(t);
    await expect(fillDemo(t.app, t.db)).rejects.toThrow(/already has 1 user:/);
    expect(await count(t, 'posts')).toBe(0);
  } finally {
    await t.close();
  }
  // A database of its own, created in the test: as slow to start as a hook on a busy machine.
}, 240_000);

it('npm run demo stops with a message and exit code 1 on a database that has users', async () => {
  const server = serverUrl ? await createMigratedServerDatabase(serverUrl) : undefined;
  const dataDir = await migratedDataDir('pw-demo-');
  try {
    const database = await openDatabase({ url: server?.url, dataDir: path.join(dataDir, 'db'), poolSize: 1 });
    await database.migrate(migrationsFolder);
    const app = await buildApp({ config: { ...testConfig, dataDir }, database, logger: false });
    await signUp({ app });
    await app.close();

    const demo = startServer(
      {
        DATA_DIR: dataDir,
        ...(server && { DATABASE_URL: server.url, JWT_SECRET: testConfig.jwtSecret, ...testVapidEnv }),
      },
      { script: 'src/demo/main.ts' },
    );
    expect(await demo.exited).toBe(1);
    expect(demo.output()).toContain('The database already has 1 user: the demo only fills an empty one.');
  } finally {
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);
