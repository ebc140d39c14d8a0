import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { testConfig } from './helpers/app.js';
import { createServerDatabase, migrationsFolder, serverUrl } from './helpers/database.js';

// Several server processes on one PostgreSQL database: each limit holds for all of them together.
describe.runIf(serverUrl)('limits shared by two app instances on one PostgreSQL database', () => {
  let server: Awaited<ReturnType<typeof createServerDatabase>>;
  let dataDir: string;
  const started: App[] = [];

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    dataDir = mkdtempSync(path.join(tmpdir(), 'pathwise-shared-limits-'));
  });
  afterAll(async () => {
    for (const app of started) await app.close();
    await server.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Two instances of the app on the test database; `signIn(i, …)` goes to instance i % 2. */
  async function twoInstances(authRateLimitPerMinute: number) {
    const instances: App[] = [];
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: server.url, poolSize: 5 });
      await database.migrate(migrationsFolder);
      const config = { ...testConfig, dataDir, databaseUrl: server.url, authRateLimitPerMinute };
      instances.push(await buildApp({ config, database, logger: false }));
    }
    started.push(...instances);
    return {
      instances,
      signIn: (i: number, email: string, password: string, ip: string) =>
        instances[i % 2]!.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email, password },
        }),
    };
  }

  it('trips the address limit at the configured number, attempts alternating between instances', async () => {
    const { signIn } = await twoInstances(6);
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await signIn(i, `nobody${i}@example.com`, 'nope', '10.9.0.1')).statusCode);
    expect(statuses).toEqual([...Array(6).fill(400), 429, 429]);
  });

  it('counts attempts arriving at the same moment on both instances once each', async () => {
    const { signIn } = await twoInstances(6);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(i, `rush${i}@example.com`, 'nope', '10.9.0.2')),
    );
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('locks an account out of an address after ten failures spread over both instances', async () => {
    const { instances, signIn } = await twoInstances(1000);
    const signup = await instances[0]!.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Shared Sam', email: 'sam@example.com', password: 'the real one' },
    });
    expect(signup.statusCode).toBe(201);
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signIn(i, 'sam@example.com', 'guess', '10.9.2.1')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    // The owner, from another address, still gets in.
    expect((await signIn(1, 'sam@example.com', 'the real one', '10.9.3.1')).statusCode).toBe(200);
  });
});
