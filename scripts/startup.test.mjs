// The first commands a person runs, run as they run them: `npm ci` leaves nothing to review, and
// `npm start` and `npm run demo` read the settings of a `.env` file in the directory they run in.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
/** Settings of the developer's shell that would hide the ones under test. */
const SETTINGS = ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'LOG_FORMAT', 'LOG_LEVEL', 'NODE_ENV'];
const shellEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SETTINGS.includes(name)));

it('leaves no dependency install script unreviewed (allowScripts in package.json)', async () => {
  const { stdout } = await promisify(execFile)('npm', ['install-scripts', 'ls', '--json'], { cwd: root });
  expect(JSON.parse(stdout)).toEqual({ allowScripts: [] });
});

/**
 * A port nothing listens on now, below the range the system hands out for outgoing connections and
 * `listen(0)` (32768 and up), which the test suites beside this one use by the thousand.
 */
async function freePort() {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createServer();
    const free = await new Promise((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
}

/** `npm run <script>` in `cwd`, in a process group of its own so that stopping it stops its children. */
function npmRun(script, cwd, env = {}) {
  const child = spawn('npm', ['run', '--silent', script], {
    cwd,
    env: { ...shellEnv, ...env },
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    output: () => output,
    async waitFor(pattern) {
      for (let i = 0; i < 2000 && !pattern.test(output); i++) {
        if (child.exitCode !== null) break;
        await sleep(100);
      }
      const match = output.match(pattern);
      if (!match) throw new Error(`${script} never printed ${pattern}:\n${output}`);
      return match;
    },
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

describe('.env in the directory npm runs in', () => {
  let dir;
  beforeEach(() => {
    // The repository as npm sees it, in a folder of its own: its own .env, the same code.
    dir = mkdtempSync(path.join(tmpdir(), 'pw-dotenv-'));
    for (const entry of ['package.json', 'scripts', 'apps', 'packages', 'node_modules'])
      symlinkSync(path.join(root, entry), path.join(dir, entry));
    return () => rmSync(dir, { recursive: true, force: true });
  });

  it('gives npm start its settings unless the shell sets them; a second start does not build', async () => {
    for (const [attempt, dataDir] of [
      ['first', 'from-dotenv'],
      ['second', 'from-shell'],
    ]) {
      const port = await freePort();
      writeFileSync(path.join(dir, '.env'), `PORT=${port}\nHOST=127.0.0.1\nDATA_DIR=./from-dotenv\n`);
      const address = `http://127.0.0.1:${port}`;
      const start = npmRun('start', dir, attempt === 'second' ? { DATA_DIR: './from-shell' } : {});
      try {
        await start.waitFor(/Pathwise is running on .*\n/);
        expect(start.output()).toContain(`Pathwise is running on ${address} (`);
        expect(start.output()).toContain(`embedded database in ${path.join(dir, dataDir)}`);
        const health = await fetch(`${address}/api/health`);
        expect(health.status, await health.text()).toBe(200);
        // The first start builds if the sources changed since the last build; the second never does.
        if (attempt === 'second') expect(start.output()).not.toContain('Building Pathwise');
      } finally {
        await start.stop();
      }
      expect(existsSync(path.join(dir, dataDir, 'db'))).toBe(true);
    }
  });

  it('gives npm run demo its data directory', async () => {
    writeFileSync(path.join(dir, '.env'), 'DATA_DIR=./from-dotenv\n');
    const demo = npmRun('demo', dir);
    try {
      await demo.waitFor(/Filling the embedded database in .* with the demo community/);
      expect(demo.output()).toContain(`Filling the embedded database in ${path.join(dir, 'from-dotenv')} `);
    } finally {
      await demo.stop();
    }
  });
});
