import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerDatabase, serverUrl } from './helpers/database.js';
import { startServer, waitForListening } from './helpers/server-process.js';

describe('the server process', () => {
  it('refuses bad configuration with a clear message and exit code 1', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pw-main-')) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:');
    expect(server.output()).toContain('PORT: must be a port number');
  });

  it('keeps data and sessions in DATA_DIR across a graceful restart', async () => {
    const database = serverUrl ? await createServerDatabase(serverUrl) : undefined;
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pw-main-')),
      // On a PostgreSQL server the secret must be given; on the embedded database it is kept in DATA_DIR.
      ...(database && { DATABASE_URL: database.url, JWT_SECRET: 'main-test-secret-0123456789abcdefghij' }),
    };
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
      await database?.drop();
    }
    // Two servers started from the sources, each loading its modules and opening its database: on a busy
    // two-core machine that alone has taken over 30 s (the suite's default).
  }, 90_000);
});
