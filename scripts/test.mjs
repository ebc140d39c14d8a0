// `npm test`: unit and integration tests (Vitest), then a production build, its bundle budgets
// (scripts/check-budgets.mjs) and the end-to-end tests (Playwright in Chromium). With DATABASE_URL
// set, the server suites and the E2E server run on that PostgreSQL server (each test file creates
// and drops a database of its own), and the topology test runs the build twice on one database;
// otherwise on PGlite.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function run(command, args, cwd = root) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd, stdio: 'inherit' }).status === 0;
}

/** scripts/check-budgets.mjs on the fresh build: its report, and its summary line for the end. */
function checkBudgets() {
  console.log('\n> node scripts/check-budgets.mjs');
  const check = spawnSync('node', [path.join(root, 'scripts/check-budgets.mjs')], {
    cwd: root,
    encoding: 'utf8',
  });
  process.stdout.write(check.stdout);
  process.stderr.write(check.stderr);
  const summary = check.stdout.split('\n').find((line) => line.startsWith('budgets: '));
  return { ok: check.status === 0, summary: summary ?? 'budgets: the check failed to run' };
}

function count(file, read) {
  try {
    return read(JSON.parse(readFileSync(path.join(results, file), 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
console.log(`Running every test suite on the ${database} database.`);

/** Runs Vitest with `args`, its JSON report in test-results/`report`. */
const vitest = (report, args = []) =>
  run('npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(results, report)}`,
  ]);
/** Passed and failed tests of a Vitest JSON report; a run that failed with none failed counts one. */
const vitestCounts = (report, ok) =>
  count(report, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests + (ok ? 0 : r.numFailedTests ? 0 : 1),
  }));

const unitOk = vitest('unit.json');
const buildOk = run('npm', ['run', 'build', '--silent']);
const budgets = buildOk ? checkBudgets() : { ok: false, summary: 'budgets: not checked, the build failed' };
// Several server processes can share only a PostgreSQL server: the topology test (the built server
// twice on one database and one S3 server, apps/server/test/topology) runs when there is one.
const topologyRuns = Boolean(process.env.DATABASE_URL);
const topologyOk =
  !topologyRuns ||
  (buildOk && vitest('topology.json', ['--config', 'apps/server/vitest.topology.config.ts']));
const e2eOk = buildOk && run('npx', ['playwright', 'test'], path.join(root, 'e2e'));
// The benchmark tooling (bench/): a tiny seed and one 2-second scenario, so it cannot rot unnoticed.
const benchOk = buildOk && run('npx', ['tsx', 'bench/smoke.ts']);

const unit = vitestCounts('unit.json', unitOk);
let topology = { passed: 0, failed: 0 };
if (topologyRuns) topology = buildOk ? vitestCounts('topology.json', topologyOk) : { passed: 0, failed: 1 };
const e2e = buildOk
  ? count('e2e.json', (r) => ({
      passed: r.stats.expected,
      failed: r.stats.unexpected + r.stats.flaky + (e2eOk ? 0 : r.stats.unexpected ? 0 : 1),
    }))
  : { passed: 0, failed: 1 };

console.log(`\nunit and integration (${database}): ${unit.passed} passed, ${unit.failed} failed`);
console.log(
  topologyRuns
    ? `topology, two server processes (${database}): ${topology.passed} passed, ${topology.failed} failed`
    : 'topology, two server processes: not run (needs DATABASE_URL)',
);
console.log(`end-to-end (${database}): ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`${budgets.summary}${budgets.ok ? '' : ' (FAILED)'}`);
console.log(`bench smoke: ${benchOk ? 'ok' : 'FAILED'}`);
const passed = unit.passed + topology.passed + e2e.passed;
const failed = unit.failed + topology.failed + e2e.failed;
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(unitOk && buildOk && budgets.ok && topologyOk && e2eOk && benchOk ? 0 : 1);
