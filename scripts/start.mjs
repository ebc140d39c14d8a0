// `npm start`: builds the app when its sources changed since the last build (or it was never built), then
// runs the built server in this process. A second start serves at once instead of building again.
import './load-env.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { staleBuildReason } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reason = staleBuildReason(root);
if (reason) {
  console.log(`Building Pathwise first (${reason})…`);
  // The npm that runs this script, when it is one, else the one on PATH.
  const npm = process.env.npm_execpath;
  const build = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: true });
  if (build.status !== 0) {
    console.error('The build failed: see above.');
    process.exit(build.status ?? 1);
  }
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
