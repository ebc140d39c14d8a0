import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'scripts'],
    // Vitest's default on 2 cores is one file at a time; the server files spend much of their time
    // waiting (on the database, servers they start, timers), so three at once finish in about half the time.
    maxWorkers: 3,
  },
});
