import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    },
  },
});
