// `npm test`: unit and integration tests (Vitest), then a production build and the end-to-end tests
// (Playwright in Chromium). With DATABASE_URL set, the server suites and the E2E server run on that
// PostgreSQL server (each test file creates and drops a database of its own); otherwise on PGlite.
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

function count(file, read) {
  try {
    return read(JSON.parse(readFileSync(path.join(results, file), 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
console.log(`Running every test suite on the ${database} database.`);

const unitOk = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, 'unit.json')}`,
]);
const buildOk = run('npm', ['run', 'build', '--silent']);
const e2eOk = buildOk && run('npx', ['playwright', 'test'], path.join(root, 'e2e'));

const unit = count('unit.json', (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (unitOk ? 0 : r.numFailedTests ? 0 : 1),
}));
const e2e = buildOk
  ? count('e2e.json', (r) => ({
      passed: r.stats.expected,
      failed: r.stats.unexpected + r.stats.flaky + (e2eOk ? 0 : r.stats.unexpected ? 0 : 1),
    }))
  : { passed: 0, failed: 1 };

console.log(`\nunit and integration (${database}): ${unit.passed} passed, ${unit.failed} failed`);
console.log(`end-to-end (${database}): ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`total: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed`);
process.exit(unitOk && buildOk && e2eOk ? 0 : 1);
