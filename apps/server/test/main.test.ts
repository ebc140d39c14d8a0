import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { logFormatOf } from '../src/lib/terminal-log.js';
import { testVapidEnv } from './helpers/app.js';
import { createMigratedServerDatabase, migratedDataDir, serverUrl } from './helpers/database.js';
import {
  type ServerProcess,
  STARTUP_CHECKS,
  startServer,
  stopServer,
  waitForListening,
} from './helpers/server-process.js';

/**
 * A server's environment on a database of its own, a copy of the run's migrated one (on the PostgreSQL
 * server when the suite runs there), and the removal of that database.
 */
async function ownDatabase(prefix: string) {
  const database = serverUrl ? await createMigratedServerDatabase(serverUrl) : undefined;
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: await migratedDataDir(prefix),
    // On a PostgreSQL server the secret must be given; on the embedded database it is kept in DATA_DIR.
    ...(database && {
      DATABASE_URL: database.url,
      JWT_SECRET: 'main-test-secret-0123456789abcdefghij',
      ...testVapidEnv,
    }),
  };
  return { env, drop: async () => database?.drop() };
}

/**
 * Each test starts server processes, at the suites' nice 10 beside the browser tests: on a slow two-core
 * CI machine one start took 50 to 150 s, and a restart is two.
 */
const STARTS_SERVERS = { timeout: 600_000 };

describe('the server process', STARTS_SERVERS, () => {
  it('refuses bad configuration with a clear message and exit code 1', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pw-main-')) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:');
    expect(server.output()).toContain('PORT: must be a port number');
  });

  it('keeps data and sessions in DATA_DIR across a graceful restart', async () => {
    const { env, drop } = await ownDatabase('pw-main-');
    const first = startServer(env);
    const firstUrl = await waitForListening(first);
    const signup = await fetch(`${firstUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Persistent Pat', email: 'pat@example.com', password: 'secret1' }),
    });
    const { accessToken } = (await signup.json()) as { accessToken: string };

    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = startServer(env);
    try {
      const secondUrl = await waitForListening(second);
      const me = await fetch(`${secondUrl}/api/auth/me`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { name: string }).name).toBe('Persistent Pat');
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
      await drop();
    }
  });
});

describe('the server log', STARTS_SERVERS, () => {
  /** The output once the server has said where it runs, and that address. */
  async function started(server: ServerProcess) {
    for (let i = 0; i < STARTUP_CHECKS && !/Pathwise is running on .*\n/.test(server.output()); i++)
      await sleep(100);
    const url = server.output().match(/Pathwise is running on (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
    if (!url) throw new Error(`server did not start:\n${server.output()}`);
    return url;
  }

  it('with LOG_FORMAT=pretty starts with plain words naming the real address, and a request in one plain line', async () => {
    const { env, drop } = await ownDatabase('pw-log-');
    const server = startServer({ ...env, LOG_FORMAT: 'pretty' });
    try {
      const url = await started(server);
      expect(server.output().split('\n')[0]).toBe(`Pathwise is running on ${url}`);
      expect(url).not.toMatch(/:0$/);
      expect((await fetch(`${url}/api/posts`)).status).toBe(401);
      await expect.poll(server.output).toMatch(/^\d\d:\d\d:\d\d GET \/api\/posts 401 \d+ ms$/m);
      expect(server.output()).not.toContain('{"level"');
    } finally {
      await stopServer(server);
      await drop();
    }
  });

  it('is JSON lines, each one, when its output is not a terminal and LOG_FORMAT is unset', async () => {
    const { env, drop } = await ownDatabase('pw-log-');
    const server = startServer(env);
    try {
      const url = await started(server);
      await fetch(`${url}/api/posts`);
      await expect.poll(server.output).toContain('"msg":"request completed"');
      const lines = server.output().trim().split('\n');
      const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).toContain(`Server listening at ${url}`);
      expect(messages.some((message) => message.startsWith(`Pathwise is running on ${url} (`))).toBe(true);
    } finally {
      await stopServer(server);
      await drop();
    }
  });

  it('is plain when stdout is a terminal, JSON when it is not, unless LOG_FORMAT says otherwise', () => {
    expect(logFormatOf(undefined, true)).toBe('pretty');
    expect(logFormatOf(undefined, false)).toBe('json');
    expect(logFormatOf(undefined, undefined)).toBe('json');
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
  });
});
