// `npm run typecheck`: TypeScript 7's compiler (the `typescript-7` package) over each workspace, or over
// the ones named (`npm run typecheck -- apps/web`). It checks in a quarter of TypeScript 5's time;
// TypeScript 5 stays installed as `typescript` for dependency-cruiser, which cannot read with 7.0 yet.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')),
  'bin/tsc',
);
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const named = process.argv.slice(2);
const projects = named.length > 0 ? named : workspaces;
const unknown = projects.find((dir) => !existsSync(path.join(root, dir, 'tsconfig.json')));
if (unknown) {
  console.error(`typecheck: ${unknown} has no tsconfig.json`);
  process.exit(1);
}

// One thread on CI, where the test suites beside it already keep every core busy.
const threads = process.env.CI ? ['--singleThreaded'] : [];
let failed = 0;
for (const project of projects) {
  const args = [tsc, '--noEmit', '-p', path.join(root, project), ...threads];
  const { status } = spawnSync(process.execPath, args, { stdio: 'inherit' });
  console.log(`typecheck ${project}: ${status === 0 ? 'ok' : 'FAILED'}`);
  if (status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
