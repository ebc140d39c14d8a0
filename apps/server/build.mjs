// Bundles the server into dist/main.js (and the embedded database's thread into dist/pglite-thread.js).
// The contract package ships TypeScript source, so it is bundled in; every other dependency stays an
// ordinary import resolved from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@pathwise/'));

await build({
  // The embedded database's worker thread is started from its own file (src/db/pglite-in-worker.ts).
  entryPoints: { main: 'src/main.ts', 'pglite-thread': 'src/db/pglite-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js:
      "import { createRequire as __createRequire } from 'node:module'; const require = " +
      '__createRequire(import.meta.url);',
  },
  logLevel: 'warning',
});
