/**
 * How PostgreSQL answers the search statements on tables of realistic size: fills a fresh database
 * (set-based SQL), then prints each ranking statement's plan with real timings.
 *
 *   npx tsx bench/search-plans.ts                       # embedded PGlite, in memory
 *   DATABASE_URL=postgres://…/postgres npx tsx bench/search-plans.ts   # a scratch database on that server
 *
 * SCALE=0.1 makes everything ten times smaller; VERBOSE=1 prints whole plans.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import {
  prepareSearch,
  rankInput,
  rankPlans,
  rankPosts,
  rankUsers,
} from '../apps/server/src/modules/search/search.queries.js';
import { readSearchTerms } from '../apps/server/src/modules/search/search-terms.js';
import { createServerDatabase, migrationsFolder } from '../apps/server/test/helpers/database.js';
import { FIRST_NAMES, LAST_NAMES, randomOf, randomWords as words } from './seed/vocabulary.js';

const scale = Number(process.env.SCALE ?? 1);
const SIZES = { users: 50_000 * scale, posts: 200_000 * scale, plans: 20_000 * scale };
const QUERIES = ['jonh', 'typesc', 'react hooks', '"machine learning" -redux', 'kubernetes or terraform'];

const rows = (count: number) => sql.raw(`generate_series(1, ${Math.round(count)}) as i`);

async function fill(db: Database) {
  const users = Math.round(SIZES.users);
  const name = sql.raw(
    `initcap(${randomOf(FIRST_NAMES)}) || ' ' || initcap(${randomOf(LAST_NAMES)}) || (0 * i)::text`,
  );
  await db.execute(sql`insert into users (name, email, handle, bio)
    select ${name}, 'user' || i || '@example.com', 'user_' || i, ${words(12)} from ${rows(users)}`);
  await db.execute(sql`insert into posts (author_id, title, content, category, created_at)
    select 1 + i % ${users}, ${words(5)}, ${words(60)}, 'PROGRAMMING', now() - i * interval '1 minute'
    from ${rows(SIZES.posts)}`);
  await db.execute(sql`insert into learning_plans (creator_id, title, description, category,
      estimated_days, is_public)
    select 1 + i % ${users}, ${words(4)}, ${words(30)}, 'PROGRAMMING', 30, i % 5 <> 0
    from ${rows(SIZES.plans)}`);
  // What autovacuum would have done by the time anyone searches.
  await db.execute(sql`vacuum analyze`);
}

async function explain(db: Database, statement: { getSQL(): SQL }) {
  const result = (await db.execute(sql`explain (analyze, costs off) ${statement.getSQL()}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]!);
}

/** The scans a plan makes, on one line. */
function scans(plan: string[]) {
  return plan
    .filter((line) => / Scan on (?!matches)/.test(line))
    .map((line) => line.replace(/^[\s>-]*/, '').replace(/ \(actual.*rows=(\d+).*/, ' ($1 rows)'))
    .join(', ');
}

const executionMs = (plan: string[]) =>
  Number(plan.find((line) => line.startsWith('Execution Time'))!.replace(/[^\d.]/g, ''));
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The three ranking statements' plans for `query`, in one transaction: as the search service runs
 * them (`service`), or with the planner left to its own choices (`planner`: only the name-typo
 * threshold set).
 */
function plansFor(db: Database, query: string, mode: 'service' | 'planner') {
  const input = rankInput(readSearchTerms(query), 1, { limit: 10, offset: 0 });
  return db.transaction(async (tx) => {
    await prepareSearch(tx);
    if (mode === 'planner') await tx.execute(sql`set local enable_seqscan = on`);
    return {
      users: await explain(tx, rankUsers(input)),
      posts: await explain(tx, rankPosts(input)),
      plans: await explain(tx, rankPlans(input)),
    };
  });
}

const ROUNDS = 3;

async function main() {
  const server = process.env.DATABASE_URL ? await createServerDatabase(process.env.DATABASE_URL) : undefined;
  const handle = await openDatabase({ url: server?.url });
  try {
    await handle.migrate(migrationsFolder);
    const started = performance.now();
    await fill(handle.db);
    console.log(
      `${handle.kind}: filled ${JSON.stringify(SIZES)} in ${Math.round(performance.now() - started)} ms`,
    );
    console.log(`median execution time of ${ROUNDS} warm runs, and the plan's scans`);
    for (const query of QUERIES) {
      console.log(`\n${query}`);
      for (const mode of ['service', 'planner'] as const) {
        await plansFor(handle.db, query, mode); // warms the cache, so the two modes compare fairly
        const runs = [];
        for (let round = 0; round < ROUNDS; round++) runs.push(await plansFor(handle.db, query, mode));
        for (const kind of ['users', 'posts', 'plans'] as const) {
          const ms = median(runs.map((run) => executionMs(run[kind])));
          console.log(
            `  ${mode} ${kind.padEnd(5)} ${ms.toFixed(1).padStart(8)} ms  ${scans(runs[0]![kind])}`,
          );
          if (process.env.VERBOSE) console.log(runs[0]![kind].join('\n'));
        }
      }
    }
  } finally {
    await handle.close();
    await server?.drop();
  }
}

await main();
