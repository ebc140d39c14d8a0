import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { type SQL, sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { createTokenService } from '../../apps/server/src/lib/tokens.js';
import { migrationsFolder } from '../../apps/server/test/helpers/database.js';
import { benchSecret } from '../bench-secret.js';
import { fillCounts, pauseForBulkLoad } from './bulk-load.js';
import { fillNotifications, fillSocialHistory } from './fill-history.js';
import { fillFollows, fillUsers } from './fill-people.js';
import { chooseTrackers, fillPlans, fillProgress, fillProgressHistory } from './fill-plans.js';
import { fillComments, fillLikes, fillMedia, fillPosts } from './fill-posts.js';
import { fillTags } from './fill-tags.js';
import { type BenchManifest, writeManifest } from './manifest.js';
import { PRESETS, type PresetName, type Sizes } from './presets.js';

/** Every generated account signs in with this password (e-mail `user<id>@example.com`). */
export const BENCH_PASSWORD = 'benchpass';
/** Users signed in for the load scenarios. */
const VIEWERS = 1000;
/** Each (user, plan) pair tracked leaves about this many learning activities (10 resources × 2.2). */
const ACTIVITIES_PER_TRACKER = 22;
/** The part of all activities that is learning history; the rest is social. */
const LEARNING_SHARE = 0.4;

const TABLES = [
  'users',
  'follows',
  'posts',
  'post_media',
  'post_likes',
  'comments',
  'learning_plans',
  'plan_topics',
  'plan_resources',
  'topic_progress',
  'resource_completions',
  'activities',
  'notifications',
  'tags',
  'post_tags',
  'plan_tags',
  'tag_follows',
];
/** Tables filled with explicit ids, whose identity sequences must continue after them. */
const EXPLICIT_IDS = ['users', 'posts', 'learning_plans', 'plan_topics', 'plan_resources'];

type Step = { name: string; tables: string[]; run(tx: Database): Promise<void> };

function steps(sizes: Sizes, passwordHash: string): Step[] {
  const trackerPairs = Math.round((sizes.activities * LEARNING_SHARE) / ACTIVITIES_PER_TRACKER);
  return [
    { name: 'users', tables: ['users'], run: (tx) => fillUsers(tx, sizes, passwordHash) },
    { name: 'follows', tables: ['follows'], run: (tx) => fillFollows(tx, sizes) },
    { name: 'posts', tables: ['posts'], run: (tx) => fillPosts(tx, sizes) },
    { name: 'media', tables: ['post_media'], run: (tx) => fillMedia(tx) },
    { name: 'likes', tables: ['post_likes'], run: (tx) => fillLikes(tx, sizes) },
    { name: 'comments', tables: ['comments'], run: (tx) => fillComments(tx, sizes) },
    {
      name: 'plans, topics, resources',
      tables: ['learning_plans', 'plan_topics', 'plan_resources'],
      run: (tx) => fillPlans(tx, sizes),
    },
    {
      name: 'tags',
      tables: ['tags', 'post_tags', 'plan_tags', 'tag_follows'],
      run: (tx) => fillTags(tx, sizes),
    },
    {
      name: 'progress and learning history',
      tables: ['topic_progress', 'resource_completions', 'activities'],
      async run(tx) {
        await chooseTrackers(tx, sizes, trackerPairs);
        await fillProgress(tx);
        await fillProgressHistory(tx);
      },
    },
    { name: 'social history', tables: ['activities'], run: (tx) => fillSocialHistory(tx, sizes.activities) },
    {
      name: 'notifications',
      tables: ['notifications'],
      run: (tx) => fillNotifications(tx, sizes.notifications),
    },
    { name: 'counts', tables: ['posts', 'users'], run: fillCounts },
  ];
}

async function rowsOf<T>(db: Database, statement: SQL) {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

export type SeedOptions = {
  preset: PresetName;
  /** DATA_DIR of the server that will serve the data: PGlite lives in DATA_DIR/db, the manifest beside it. */
  dataDir: string;
  /** A PostgreSQL database to fill instead of PGlite; it must have no users yet. */
  databaseUrl?: string | undefined;
  log?: (line: string) => void;
};

/**
 * Fills an empty database with the preset through set-based SQL, in one transaction, then writes the
 * manifest (sign-in tokens signed with the server's secret: JWT_SECRET, else DATA_DIR/jwt-secret).
 */
export async function seed({ preset, dataDir, databaseUrl, log = console.log }: SeedOptions) {
  const config = loadConfig({
    ...process.env,
    ...benchSecret(dataDir),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  });
  const sizes = PRESETS[preset];
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    poolSize: 1,
  });
  try {
    await database.migrate(migrationsFolder);
    const [existing] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
    if (existing!.n > 0) throw new Error('the database already has users: seed an empty one');

    const started = performance.now();
    const passwordHash = await hash(BENCH_PASSWORD);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select setseed(0.42)`);
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      const paused = await pauseForBulkLoad(tx, TABLES);
      for (const step of steps(sizes, passwordHash)) {
        const stepStarted = performance.now();
        await step.run(tx);
        // Later steps join what earlier ones wrote: the planner needs to know their size.
        await tx.execute(sql.raw(`analyze ${step.tables.join(', ')}`));
        log(`  ${step.name.padEnd(30)} ${seconds(stepStarted).toFixed(1).padStart(6)} s`);
      }
      const indexesStarted = performance.now();
      await paused.resume();
      log(`  ${'indexes'.padEnd(30)} ${seconds(indexesStarted).toFixed(1).padStart(6)} s`);
      for (const table of EXPLICIT_IDS) {
        await tx.execute(
          sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
        );
      }
    });
    const vacuumStarted = performance.now();
    // What autovacuum would have done by the time anyone reads (PGlite has no autovacuum).
    await database.db.execute(sql`vacuum analyze`);
    log(`  ${'vacuum analyze'.padEnd(30)} ${seconds(vacuumStarted).toFixed(1).padStart(6)} s`);
    const seedSeconds = seconds(started);

    const rows: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = await rowsOf<{ n: number }>(
        database.db,
        sql.raw(`select count(*)::int as n from ${table}`),
      );
      rows[table] = row!.n;
    }
    const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds);
    const step = Math.max(1, Math.floor(sizes.users / VIEWERS));
    const viewerIds = Array.from({ length: Math.min(VIEWERS, sizes.users) }, (_, k) => 1 + k * step);
    const viewers = await Promise.all(viewerIds.map(async (id) => ({ id, token: await tokens.sign(id, 0) })));
    const trackedPlans = await rowsOf<{ userId: number; planId: number }>(
      database.db,
      sql`select distinct tp.user_id as "userId", t.plan_id as "planId"
        from topic_progress tp join plan_topics t on t.id = tp.topic_id
        where tp.user_id in (${sql.join(
          viewerIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by 1, 2 limit 2000`,
    );
    const manifest: BenchManifest = {
      preset,
      database: database.kind,
      seededAt: new Date().toISOString(),
      seedSeconds: Math.round(seedSeconds),
      rows,
      ids: { users: sizes.users, posts: sizes.posts, plans: sizes.plans },
      viewers,
      trackedPlans,
    };
    writeManifest(config.dataDir, manifest);
    return manifest;
  } finally {
    await database.close();
  }
}
