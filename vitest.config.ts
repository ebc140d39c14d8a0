import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that start server processes (test/helpers/server-process.ts) are the longest by far: they go
 * first, so that none of them starts when the other workers are nearly done and leaves them idle. A clean
 * clone has no timings from an earlier run for Vitest's own order to go by.
 */
class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const startsProcesses = (file: TestSpecification) =>
      readFileSync(file.moduleId, 'utf8').includes('/server-process.js');
    return [...sorted.filter(startsProcesses), ...sorted.filter((file) => !startsProcesses(file))];
  }
}

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'scripts'],
    // Vitest's default on 2 cores is one file at a time; the server files spend much of their time
    // waiting (on the database, servers they start, timers), so three at once finish in about half the time.
    maxWorkers: 3,
    sequence: { sequencer: ProcessesFirst },
  },
});
