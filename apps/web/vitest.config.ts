import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A test waits for several lazily loaded pages (PAGE_LOAD_TIMEOUT_MS each): Vitest's 5 s for a whole
    // test ran out on a busy two-core machine, with nothing wrong but the wait. No file sets less.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    unstubGlobals: true,
  },
});
