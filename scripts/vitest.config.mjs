import { defineProject } from 'vitest/config';

// The tests of the repository's own commands: npm start, npm run demo, .env, install scripts. They run the
// built app, so `npm test` runs them after the build.
export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.mjs'],
    environment: 'node',
    // Starting the server (and, if the build is out of date, building it) on a busy two-core machine.
    testTimeout: 240_000,
  },
});
