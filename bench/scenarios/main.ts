/**
 * `npm run bench -- [--data-dir bench/data] [--seconds 10] [--warmup 2] [--connections 50] [--only
 * feed,search]
 * [--skip-baseline] [--skip-ceiling]`: load scenarios against the built server (npm run build) on the data of
 * `npm run bench:seed` (set DATABASE_URL as for the seed), each followed by the bare Fastify baseline
 * and, on PostgreSQL, by its SQL ceiling (its own statements replayed with pgbench).
 * Prints req/s, p50, p99, errors, server RSS, CPU per request and the ratios to the baseline and the
 * ceiling, then the performance targets (docs/testing.md, "Benchmarks"); the results are also kept in
 * DATA_DIR/bench-results.json.
 * `npm run bench -- --soak [--soak-seconds 600] [--connections 8]` instead measures the peak of a mix of
 * every scenario and sends 70 % of it for 10 minutes, reporting the server's RSS every 30 s, errors and
 * latency per minute, and exits with 1 when RSS grew more than 10 % after the warm-up.
 */
import { parseArgs } from 'node:util';
import { checksList, resultsTable, targetChecks } from './report.js';
import { runBench } from './run.js';
import { runSoak } from './soak.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: 'bench/data' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string' },
    only: { type: 'string' },
    'skip-baseline': { type: 'boolean', default: false },
    'skip-ceiling': { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    'soak-seconds': { type: 'string', default: '600' },
  },
});

/** A soak runs below the peak, where a server should hold steady for hours. */
const SOAK_LOAD_SHARE = 0.7;

if (values.soak) {
  const soak = await runSoak({
    dataDir: values['data-dir'],
    seconds: Number(values['soak-seconds']),
    connections: Number(values.connections ?? 8),
    loadShare: SOAK_LOAD_SHARE,
  });
  process.exit(soak.ok ? 0 : 1);
}

const run = await runBench({
  dataDir: values['data-dir'],
  seconds: Number(values.seconds),
  warmupSeconds: Number(values.warmup),
  connections: Number(values.connections ?? 50),
  only: values.only?.split(','),
  baseline: !values['skip-baseline'],
  ceiling: !values['skip-ceiling'],
});
console.log(`\n${resultsTable(run.results)}\n\nTargets:\n${checksList(targetChecks(run))}`);
