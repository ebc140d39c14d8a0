/**
 * `npm run bench -- [--data-dir bench/data] [--seconds 10] [--warmup 2] [--connections 50] [--only
 * feed,search] [--skip-baseline] [--skip-ceiling]`: load scenarios against the built server (npm run build)
 * on the data of `npm run bench:seed` (set DATABASE_URL as for the seed), each followed by the bare Fastify
 * baseline and, on PostgreSQL, by its SQL ceiling (its own statements replayed with pgbench). Prints req/s,
 * p50, p99, errors, server RSS, CPU per request and the ratios to the baseline and the ceiling, then the
 * performance targets (docs/testing.md, "Benchmarks"); the results are also kept in
 * DATA_DIR/bench-results.json. `npm run bench -- --soak 600` instead measures the peak of a mix of every
 * scenario and sends 70 % of it for 600 s, reporting errors, latency per minute and the server's RSS growth.
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
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    'skip-baseline': { type: 'boolean', default: false },
    'skip-ceiling': { type: 'boolean', default: false },
    soak: { type: 'string' },
  },
});

/** A soak runs below the peak, where a server should hold steady for hours. */
const SOAK_LOAD_SHARE = 0.7;

if (values.soak !== undefined) {
  await runSoak({
    dataDir: values['data-dir'],
    seconds: Number(values.soak),
    connections: Number(values.connections),
    loadShare: SOAK_LOAD_SHARE,
  });
  process.exit(0);
}

const run = await runBench({
  dataDir: values['data-dir'],
  seconds: Number(values.seconds),
  warmupSeconds: Number(values.warmup),
  connections: Number(values.connections),
  only: values.only?.split(','),
  baseline: !values['skip-baseline'],
  ceiling: !values['skip-ceiling'],
});
console.log(`\n${resultsTable(run.results)}\n\nTargets:\n${checksList(targetChecks(run))}`);
