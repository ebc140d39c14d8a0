import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Runs the built server on a PostgreSQL server: its own step of `npm test` (vitest.topology.config.ts).
    exclude: [...configDefaults.exclude, 'test/topology/**'],
    environment: 'node',
    globalSetup: ['test/setup/template-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
