import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Runs the built server on a PostgreSQL server: its own step of `npm test` (vitest.topology.config.ts).
    exclude: [...configDefaults.exclude, 'test/topology/**'],
    environment: 'node',
    // Each file builds its own app on its own database, and the server keeps no state in its modules but
    // per database: files share a worker's loaded modules instead of loading the server again each time.
    isolate: false,
    globalSetup: ['test/setup/template-database.ts'],
    // Beside the end-to-end tests the two cores are shared by a dozen processes, these at nice 10 and the
    // browser's main threads at -8 (Chromium raises them): waits that take seconds alone took over a
    // minute there, with nothing wrong but the wait.
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
