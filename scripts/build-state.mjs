// Whether the built app is older than what it is built from, for `npm start` (scripts/start.mjs): by
// modification times, so that checking takes milliseconds. A file added or removed changes its folder's
// time, so folders count too; tests and the tools' caches are not built from.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What `npm run build` reads, relative to the repository's root: folders are read whole. */
export const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  // Written by every npm install or ci: the installed dependencies changed.
  'node_modules/.package-lock.json',
  'packages/contract/package.json',
  'packages/contract/src',
  'apps/web/package.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/pwa.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/src',
  'apps/web/public',
  'apps/server/package.json',
  'apps/server/build.mjs',
  'apps/server/src',
];

/** What it writes: each is written whole by its step, so the oldest of them dates the build. */
export const BUILD_OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/web/dist/.vite/manifest.json',
  'apps/server/dist/main.js',
  'apps/server/dist/pglite-thread.js',
];

const NOT_BUILT_FROM = /(^|[\\/])(test|__snapshots__)$|\.test\.[cm]?[jt]sx?$/;

const modifiedAt = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/** The newest file or folder under `entry` (itself included), with its time; undefined when it is absent. */
function newest(entry) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return undefined;
  let found = { file: entry, time: stats.mtimeMs };
  if (stats.isDirectory()) {
    for (const name of readdirSync(entry)) {
      const child = path.join(entry, name);
      if (NOT_BUILT_FROM.test(child)) continue;
      const inner = newest(child);
      if (inner && inner.time > found.time) found = inner;
    }
  }
  return found;
}

/**
 * Why the build under `root` must be made again, in a few words, or null when it is current: missing
 * output, or an input changed after the oldest output was written.
 */
export function staleBuildReason(root, { inputs = BUILD_INPUTS, outputs = BUILD_OUTPUTS } = {}) {
  const outputTimes = outputs.map((file) => modifiedAt(path.join(root, file)));
  const missing = outputs.find((_, i) => outputTimes[i] === undefined);
  if (missing) return `${missing} is missing`;
  const builtAt = Math.min(...outputTimes);
  for (const input of inputs) {
    const changed = newest(path.join(root, input));
    if (changed && changed.time > builtAt) return `${path.relative(root, changed.file)} changed`;
  }
  return null;
}
