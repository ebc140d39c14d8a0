import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './settings.mjs';

// Chromium comes from Debian (/usr/bin/chromium); Playwright never downloads a browser here.
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
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A service worker answers from its caches and keeps the app after the server changed, which would
    // make other tests depend on the ones before them; offline.spec.ts lets it run.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  outputDir: '../test-results/e2e-artifacts',
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
