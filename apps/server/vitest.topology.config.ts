import { defineConfig } from 'vitest/config';

/**
 * The topology test (test/topology): the built server started twice on one PostgreSQL database and
 * one S3 server. `npm test` runs it after the build when DATABASE_URL is set; alone:
 * `npm run build && DATABASE_URL=postgres://… npx vitest run --config apps/server/vitest.topology.config.ts`.
 */
export default defineConfig({
  test: {
    name: 'topology',
    root: import.meta.dirname,
    include: ['test/topology/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
