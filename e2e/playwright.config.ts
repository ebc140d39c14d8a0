import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './settings.mjs';

// Chromium comes from Debian (/usr/bin/chromium, or CHROMIUM_PATH), started by chromium.sh; Playwright
// never downloads a browser here.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The Vitest suites share the two cores meanwhile: a test that takes 10 s alone has taken over 30.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  // An assertion retries until it holds: a page that shows what it should in 1 s alone took over 7 s on a
  // loaded CI (a greeting waiting for its first-steps answer). Only a failing assertion waits it out.
  expect: { timeout: 12_000 },
  // `npm test` runs the specs in two parts side by side, each with its report (E2E_REPORT) and its server.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../test-results/e2e.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace of every test (screencast and DOM snapshots, kept only when one fails) cost a third
    // of the browser's CPU; nobody opens a CI run's traces. Locally a failure keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A service worker answers from its caches and keeps the app after the server changed, which would
    // make other tests depend on the ones before them; offline.spec.ts lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: fileURLToPath(new URL('chromium.sh', import.meta.url)),
      args: chromiumArgs,
    },
  },
  outputDir: `../test-results/e2e-artifacts${process.env.E2E_SHARD ? `-${process.env.E2E_SHARD}` : ''}`,
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node serve.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    // Migrating a fresh embedded database while CI's other stages load both cores took over the default
    // 60 s once; a server that never starts still fails the run, only later.
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
