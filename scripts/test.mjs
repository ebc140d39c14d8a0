// `npm test`: every test suite, each once, with its time. The contract and web unit tests, the
// production build with its bundle budgets, the end-to-end tests (Playwright in Chromium, on the
// embedded database, as `npm start` runs) and the benchmark smoke run once; the server suite runs on
// the embedded PGlite and, when DATABASE_URL names a PostgreSQL server, again on that server, where the
// topology test (two built server processes on one database) runs too.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const serverUrl = process.env.DATABASE_URL;
const { DATABASE_URL: _, ...embeddedEnv } = process.env;

/** Each stage's name, outcome, counts and seconds, for the summary. */
const stages = [];

function run(command, args, { cwd = root, env = process.env } = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd, env, stdio: 'inherit' }).status === 0;
}

/** Runs `body` as a stage: it answers `{ok, passed?, failed?, note?}`; the time is measured here. */
function stage(name, body) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const outcome = body();
  const seconds = Math.round((Date.now() - started) / 1000);
  stages.push({ name, seconds, ...outcome });
  console.log(`=== ${name}: ${outcome.ok ? 'ok' : 'FAILED'} in ${seconds} s ===`);
  return outcome.ok;
}

function report(file, read) {
  try {
    return read(JSON.parse(readFileSync(path.join(results, file), 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/** Vitest with `args`, its JSON report in test-results/`file`; a failed run with no failed test counts one. */
function vitest(file, args, env) {
  const ok = run(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(results, file)}`,
    ],
    { env },
  );
  const counts = report(file, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
  return { ok, passed: counts.passed, failed: counts.failed + (ok || counts.failed ? 0 : 1) };
}

/** scripts/check-budgets.mjs on the fresh build: its report, and its summary line. */
function checkBudgets() {
  const check = spawnSync('node', [path.join(root, 'scripts/check-budgets.mjs')], {
    cwd: root,
    encoding: 'utf8',
  });
  process.stdout.write(check.stdout);
  process.stderr.write(check.stderr);
  const summary = check.stdout.split('\n').find((line) => line.startsWith('budgets: '));
  return { ok: check.status === 0, note: summary ?? 'budgets: the check failed to run' };
}

console.log(
  `Running every test suite; the server suite on the embedded database${serverUrl ? ' and on the PostgreSQL server' : ''}.`,
);

stage('unit tests: contract and web', () =>
  vitest('unit.json', ['--project', 'contract', '--project', 'web']),
);
stage('server tests on the embedded database (PGlite)', () =>
  vitest('server-embedded.json', ['--project', 'server'], embeddedEnv),
);
if (serverUrl) {
  stage('server tests on the PostgreSQL server', () =>
    vitest('server-postgres.json', ['--project', 'server']),
  );
}
let built = false;
// Vite's warnings start with "(!)": a chunk over its size limit, a config its next loader cannot read.
stage('production build, without a warning', () => {
  console.log('\n> npm run build --silent');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
  process.stdout.write(build.stdout);
  process.stderr.write(build.stderr);
  built = build.status === 0;
  const warnings = `${build.stdout}${build.stderr}`.split('\n').filter((line) => line.includes('(!)'));
  return { ok: built && warnings.length === 0, ...(warnings.length > 0 && { note: warnings.join(' ') }) };
});
stage('bundle budgets', () =>
  built ? checkBudgets() : { ok: false, note: 'not checked: the build failed' },
);
// npm start, npm run demo and .env, run as a person runs them: on the build just made.
stage('the commands: install scripts, npm start, npm run demo, .env', () =>
  built ? vitest('scripts.json', ['--project', 'scripts'], embeddedEnv) : { ok: false, passed: 0, failed: 1 },
);
if (serverUrl) {
  stage('topology: two server processes on PostgreSQL', () =>
    built
      ? vitest('topology.json', ['--config', 'apps/server/vitest.topology.config.ts'])
      : { ok: false, passed: 0, failed: 1 },
  );
}
stage('end-to-end in Chromium (embedded database)', () => {
  if (!built) return { ok: false, passed: 0, failed: 1 };
  const ok = run('npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e'), env: embeddedEnv });
  const counts = report('e2e.json', (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky,
  }));
  return { ok, passed: counts.passed, failed: counts.failed + (ok || counts.failed ? 0 : 1) };
});
// The benchmark tooling (bench/): a tiny seed and one 2-second scenario, so it cannot rot unnoticed; on
// the PostgreSQL server when there is one, where its SQL ceiling (pgbench) is measured too.
stage('bench smoke', () => ({ ok: built && run('npx', ['tsx', 'bench/smoke.ts']) }));

console.log('\nStage                                              time   result');
for (const { name, seconds, ok, passed, failed, note } of stages) {
  const counts = passed === undefined ? '' : ` ${passed} passed, ${failed} failed`;
  console.log(
    `${name.padEnd(50)} ${String(seconds).padStart(4)} s ${ok ? 'ok' : 'FAILED'}${counts}${note ? ` (${note})` : ''}`,
  );
}
const passed = stages.reduce((sum, s) => sum + (s.passed ?? 0), 0);
// A stage without test counts (the build, the budgets, the bench smoke) that failed counts one failure.
const failed = stages.reduce((sum, s) => sum + (s.failed ?? (s.ok ? 0 : 1)), 0);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(stages.every((s) => s.ok) ? 0 : 1);
