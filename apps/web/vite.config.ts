import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { HIGHLIGHTER_CHUNKS, pwaOptions } from './pwa.config';

const SHIKI_MODULE = /\/node_modules\/(@shikijs|shiki)\//;

export default defineConfig({
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions)],
  server: {
    // The API runs as its own process in development; the browser still sees one origin.
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    // The server caches everything under dist/assets for a year, so these names must carry a hash.
    assetsDir: 'assets',
    // scripts/check-budgets.mjs reads it to know which chunks each route loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract only declares schemas and constants, so a page that needs one constant
        // must not pull in every schema (and zod with them). Chunks are cut by module, though:
        // what first pages need lives in zod-free modules (constants, credentials, *-constants).
        moduleSideEffects: [{ test: /\/packages\/contract\//, sideEffects: false }],
      },
      output: {
        // The syntax highlighter's grammars and themes: megabytes that only code blocks load. The
        // service worker keeps them once used instead of precaching them (pwa.config.ts).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => SHIKI_MODULE.test(id))
            ? `${HIGHLIGHTER_CHUNKS}/[name]-[hash].js`
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
