// `npm test`: every test suite, each once, with its time. The contract and web unit tests, the
// production build with its bundle budgets, the end-to-end tests (Playwright in Chromium, on the
// embedded database, as `npm start` runs) and the benchmark smoke run once; the server suite runs on
// the PostgreSQL server DATABASE_URL names, with the topology test (two built server processes on one
// database), and its files about the embedded database on PGlite too; without DATABASE_URL, all on PGlite.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const serverUrl = process.env.DATABASE_URL;
const { DATABASE_URL: _, ...embeddedEnv } = process.env;

/**
 * With a PostgreSQL server the whole server suite runs there, and on the embedded database only the files
 * about it: its driver, its thread, the processes holding its data directory, and SQL whose support
 * differs between PostgreSQL versions (full-text search, dates, the plans EXPLAIN shows). PGlite runs the
 * same PostgreSQL engine, three times slower in WebAssembly, and the end-to-end tests run the whole app on
 * it. Without a server the whole suite runs on the embedded database.
 */
const embeddedFiles = serverUrl
  ? [
      'app',
      'analytics',
      'block-races',
      'cached-statements-pglite',
      'config',
      'crash-safety',
      'demo',
      'driver-internals',
      'embedded-database-thread',
      'explore',
      'feed',
      'indexes',
      'learning-calendar',
      'main',
      'notifications-fan-out',
      'notifications-processes',
      'notifications-stream',
      'saved',
      'schedules',
      'search',
    ].map((name) => `apps/server/test/${name}.test.ts`)
  : [];

/** Of those, the files that never touch the PostgreSQL server: the server stage leaves them out (globs). */
const pgliteOnlyFiles = serverUrl
  ? ['cached-statements-pglite', 'driver-internals', 'embedded-database-thread'].map(
      (name) => `**/${name}.test.ts`,
    )
  : [];

/** Each stage's name, outcome, counts and seconds, for the summary. */
const stages = [];

/**
 * Runs `command` to its end; its output goes to `log` (a file, while another lane runs beside it) or
 * to this terminal. Resolves to whether it succeeded.
 */
function run(command, args, { cwd = root, env = process.env, log } = {}) {
  const out = log ? openSync(log, 'a') : 'inherit';
  if (log) appendFileSync(log, `\n> ${command} ${args.join(' ')}\n`);
  else console.log(`\n> ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
    child.on('close', (status) => {
      if (log) closeSync(out);
      resolve(status === 0);
    });
  });
}

/**
 * Runs `body(log)` as a stage: it resolves to `{ok, passed?, failed?, note?}`; the time is measured
 * here. The stage's output is printed in one piece when it ends, so two lanes never interleave.
 */
async function stage(name, body) {
  const log = path.join(results, `${name.replace(/\W+/g, '-')}.log`);
  const started = Date.now();
  const outcome = await body(log);
  const seconds = Math.round((Date.now() - started) / 1000);
  stages.push({ name, seconds, ...outcome });
  let output = '';
  try {
    output = readFileSync(log, 'utf8');
  } catch {}
  console.log(`\n=== ${name} ===\n${output}=== ${name}: ${outcome.ok ? 'ok' : 'FAILED'} in ${seconds} s ===`);
  return outcome.ok;
}

function report(file, read) {
  try {
    return read(JSON.parse(readFileSync(path.join(results, file), 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/**
 * A failed test's name with the first lines of its error (no stack) under it: a CI log is often read
 * only by its tail, which then says why as well as what.
 */
function withReason(name, message) {
  if (!message) return name;
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line && !/^\s*at /.test(line))
    .slice(0, 4)
    .map((line) => `    ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
  return [name, ...lines].join('\n');
}

/** The titles of the Playwright specs in `suites` (nested by file and describe) that did not pass. */
function failedSpecs(suites = [], parents = []) {
  return suites.flatMap((suite) => {
    const titles = [...parents, suite.title];
    const own = (suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const errors = spec.tests.flatMap((test) => test.results.flatMap((result) => result.errors ?? []));
        return withReason([...titles, spec.title].join(' › '), errors[0]?.message);
      });
    return [...own, ...failedSpecs(suite.suites, titles)];
  });
}

/**
 * Vitest with `args`, its JSON report in test-results/`file`; a failed run with no failed test counts one.
 */
async function vitest(file, args, env, log) {
  // At a lower priority: the end-to-end tests beside them wait on timeouts a starved browser misses,
  // while the Vitest suites only need the cores' leftover time, which they get in full once those end.
  const ok = await run(
    'nice',
    [
      '-n',
      '10',
      'npx',
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(results, file)}`,
    ],
    { env, log },
  );
  const counts = report(file, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
    failures: r.testResults.flatMap((f) => {
      const tests = f.assertionResults.filter((t) => t.status === 'failed');
      const where = path.relative(root, f.name);
      return f.status === 'failed' && tests.length === 0
        ? [withReason(where, f.message)]
        : tests.map((t) => withReason(`${where}: ${t.fullName}`, t.failureMessages?.[0]));
    }),
  }));
  return { ok, ...counts, failed: counts.failed + (ok || counts.failed ? 0 : 1) };
}

/** scripts/check-budgets.mjs on the fresh build: its report, and its summary line. */
function checkBudgets(log) {
  const check = spawnSync('node', [path.join(root, 'scripts/check-budgets.mjs')], {
    cwd: root,
    encoding: 'utf8',
  });
  appendFileSync(log, check.stdout + check.stderr);
  const summary = check.stdout.split('\n').find((line) => line.startsWith('budgets: '));
  return { ok: check.status === 0, note: summary ?? 'budgets: the check failed to run' };
}

console.log(
  'Running every test suite; ' +
    `the server suite on the embedded database${serverUrl ? ' and on the PostgreSQL server' : ''}.`,
  '\nThree lanes run side by side: the build, then the end-to-end tests in two parts, and the Vitest suites;',
  'a free lane takes the next stage, and each stage prints its output when it ends.',
);

// The end-to-end tests spend much of their time waiting on the browser and the network (slow-network and
// retry tests above all), so the Vitest suites use the cores meanwhile.
// Vite's warnings start with "(!)": a chunk over its size limit, a config its next loader cannot read.
let buildSucceeded = false;
const built = stage('production build, without a warning', async (log) => {
  buildSucceeded = await run('npm', ['run', 'build', '--silent'], { log });
  const warnings = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.includes('(!)'));
  return {
    ok: buildSucceeded && warnings.length === 0,
    ...(warnings.length > 0 && { note: warnings.join(' ') }),
  };
}).then(() => buildSucceeded);
/**
 * The end-to-end specs run in two parts side by side (Playwright's `--shard`), each on a server and data of
 * its own (E2E_PORT apart): one browser lane waits on a slow network or a timer while the other works.
 */
const E2E_PARTS = 2;
const e2ePort = Number(process.env.E2E_PORT ?? 4319);
function endToEnd(part) {
  return stage(`end-to-end in Chromium ${part}/${E2E_PARTS} (embedded database)`, async (log) => {
    if (!(await built)) return { ok: false, passed: 0, failed: 1 };
    const file = `e2e-${part}.json`;
    const passedAll = await run('npx', ['playwright', 'test', `--shard=${part}/${E2E_PARTS}`], {
      cwd: path.join(root, 'e2e'),
      env: {
        ...embeddedEnv,
        E2E_PORT: String(e2ePort + 30 * (part - 1)),
        E2E_SHARD: String(part),
        E2E_REPORT: path.join(results, file),
      },
      log,
    });
    const counts = report(file, (r) => ({
      passed: r.stats.expected,
      failed: r.stats.unexpected + r.stats.flaky,
      failures: failedSpecs(r.suites),
    }));
    return {
      ok: passedAll,
      ...counts,
      failed: counts.failed + (passedAll || counts.failed ? 0 : 1),
    };
  });
}
const browserLanes = Array.from({ length: E2E_PARTS }, (_, index) =>
  built.then(async (ok) => {
    if (index === 0) {
      await stage('bundle budgets', async (log) =>
        ok ? checkBudgets(log) : { ok: false, note: 'not checked: the build failed' },
      );
    }
    await endToEnd(index + 1);
  }),
);
// The other stages, longest first, each taken by whichever lane is free: the Vitest lane starts on the
// first, each browser lane joins once its end-to-end part is done. Those that run the build wait for it.
const afterBuild = (body) => async (log) => ((await built) ? body(log) : { ok: false, passed: 0, failed: 1 });
// The server suites start their server processes from the build when there is one (server-process.ts).
const withBuiltServer = async (env) => ((await built) ? { ...env, PATHWISE_SERVER_BUILT: 'true' } : env);
const queue = [
  () =>
    stage(
      serverUrl ? 'server tests on PGlite: its own files' : 'server tests on the embedded database (PGlite)',
      async (log) =>
        vitest(
          'server-embedded.json',
          ['--project', 'server', ...embeddedFiles],
          await withBuiltServer(embeddedEnv),
          log,
        ),
    ),
  serverUrl &&
    (() =>
      stage('server tests on the PostgreSQL server', async (log) =>
        vitest(
          'server-postgres.json',
          ['--project', 'server', ...pgliteOnlyFiles.flatMap((file) => ['--exclude', file])],
          await withBuiltServer(process.env),
          log,
        ),
      )),
  () =>
    stage('unit tests: contract and web', (log) =>
      vitest('unit.json', ['--project', 'contract', '--project', 'web'], process.env, log),
    ),
  // npm start, npm run demo and .env, run as a person runs them: on the build just made.
  () =>
    stage(
      'the commands: install scripts, npm start, npm run demo, .env',
      afterBuild((log) => vitest('scripts.json', ['--project', 'scripts'], embeddedEnv, log)),
    ),
  serverUrl &&
    (() =>
      stage(
        'topology: two server processes on PostgreSQL',
        afterBuild((log) =>
          vitest('topology.json', ['--config', 'apps/server/vitest.topology.config.ts'], process.env, log),
        ),
      )),
  // The benchmark tooling (bench/): a tiny seed and one 2-second scenario, so it cannot rot unnoticed; on
  // the PostgreSQL server when there is one, where its SQL ceiling (pgbench) is measured too.
  () =>
    stage(
      'bench smoke',
      afterBuild(async (log) => ({ ok: await run('npx', ['tsx', 'bench/smoke.ts'], { log }) })),
    ),
].filter(Boolean);
async function takeFromQueue() {
  for (let next = queue.shift(); next; next = queue.shift()) await next();
}
await Promise.all([...browserLanes.map((lane) => lane.then(takeFromQueue)), takeFromQueue()]);

console.log('\nStage                                              time   result');
for (const { name, seconds, ok, passed, failed, note } of stages) {
  const counts = passed === undefined ? '' : ` ${passed} passed, ${failed} failed`;
  const noted = note ? ` (${note})` : '';
  console.log(`${name.padEnd(50)} ${String(seconds).padStart(4)} s ${ok ? 'ok' : 'FAILED'}${counts}${noted}`);
}
const passed = stages.reduce((sum, s) => sum + (s.passed ?? 0), 0);
// A stage without test counts (the build, the budgets, the bench smoke) that failed counts one failure.
const failed = stages.reduce((sum, s) => sum + (s.failed ?? (s.ok ? 0 : 1)), 0);
// The failed tests by name, near the end, where a CI log's tail shows them.
const failures = stages.flatMap((s) => (s.failures ?? []).map((name) => `${s.name}: ${name}`));
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `- ${name}`).join('\n')}`);
console.log(`total: ${passed} passed, ${failed} failed`);
// exitCode rather than exit(): a stage's long log may still be on its way down the pipe to `tee`, and
// exit() would cut it off together with this table. The timer ends a run something still holds open.
process.exitCode = stages.every((s) => s.ok) ? 0 : 1;
setTimeout(() => process.exit(), 10_000).unref();
