/**
 * CI smoke run of the benchmark tooling (scripts/test.mjs): fills a `smoke` database, checks that the
 * counts it computed equal recomputed ones, then runs one scenario for 2 seconds with its baseline,
 * and prints `bench smoke: ok` when every count was right and every request succeeded.
 * On PGlite without DATABASE_URL; with it, in a fresh database of its own on that server, dropped after.
 * Needs the built server (npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.js';
import { repairCounters } from '../apps/server/src/modules/counters/counters.queries.js';
import { createServerDatabase } from '../apps/server/test/helpers/database.js';
import { resultsTable } from './scenarios/report.js';
import { runBench } from './scenarios/run.js';
import { seed } from './seed/seed.js';

const adminUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pathwise-bench-smoke-'));
const database = adminUrl ? await createServerDatabase(adminUrl) : undefined;
let ok = false;
try {
  // The scenarios' server reads DATABASE_URL: point it at the fresh database.
  if (database) process.env.DATABASE_URL = database.url;
  await seed({ preset: 'smoke', dataDir, databaseUrl: database?.url, log: () => {} });
  // The seed pauses the counting triggers and counts once at the end: the repair must find nothing.
  const seeded = await openDatabase({ url: database?.url, dataDir: path.join(dataDir, 'db'), poolSize: 1 });
  const wrong = await repairCounters(seeded.db).finally(() => seeded.close());
  console.log(`counts wrong after the seed: ${JSON.stringify(wrong)}`);
  const countsOk = Object.values(wrong).every((rows) => rows === 0);
  const run = await runBench({
    dataDir,
    seconds: 2,
    warmupSeconds: 0,
    connections: 10,
    only: ['feed page 0'],
    baseline: true,
    ceiling: true,
    log: () => {},
  });
  console.log(resultsTable(run.results));
  const [result] = run.results;
  // On a PostgreSQL server the feed's statements are replayed too (pgbench is part of PostgreSQL).
  const ceilingOk = !database || (result?.ceiling?.tps ?? 0) > 0;
  ok =
    countsOk &&
    result !== undefined &&
    result.errors === 0 &&
    result.requestsPerSecond > 0 &&
    result.loadCpuMs > 0 &&
    result.ratio !== null &&
    ceilingOk;
} finally {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`bench smoke: ${ok ? 'ok' : 'failed'}`);
process.exit(ok ? 0 : 1);
