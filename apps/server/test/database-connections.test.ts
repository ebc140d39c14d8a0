import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { createServerDatabase, migrationsFolder, serverUrl } from './helpers/database.js';

// Only a PostgreSQL server has connections that can break; PGlite lives inside the process.
describe.runIf(serverUrl)('when PostgreSQL ends our connections (server restart, terminated backend)', () => {
  let server: Awaited<ReturnType<typeof createServerDatabase>>;
  let database: DatabaseHandle;
  const connectionErrors: Error[] = [];

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    database = await openDatabase({
      url: server.url,
      poolSize: 3,
      onConnectionError: (error) => connectionErrors.push(error),
    });
    await database.migrate(migrationsFolder);
  });

  afterAll(async () => {
    await database.close();
    await server.drop();
  });

  async function terminateOurConnections() {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() ' +
          'AND pid <> pg_backend_pid()',
      );
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('reports the broken connections, keeps answering queries and hears notifications again', async () => {
    const heard: string[] = [];
    await database.listen('pathwise_test_channel', (payload) => heard.push(payload));
    await database.db.execute(sql`SELECT 1`);

    // The idle pool connection and the listener both end under us.
    expect(await terminateOurConnections()).toBeGreaterThanOrEqual(2);
    await vi.waitFor(() => expect(connectionErrors.length).toBeGreaterThanOrEqual(2));

    const response = (await database.db.execute(sql`SELECT 41 + 1 AS response`)) as unknown as {
      rows: { response: number }[];
    };
    expect(response.rows).toEqual([{ response: 42 }]);

    // The listener comes back on its own and listens on the same channel again.
    await vi.waitFor(
      async () => {
        await database.db.execute(sql`SELECT pg_notify('pathwise_test_channel', 'after the break')`);
        expect(heard).toContain('after the break');
      },
      { timeout: 10_000, interval: 300 },
    );
  });

  /**
   * A TCP relay to the database that can go quiet without closing anything, as a NAT or proxy that
   * dropped the connection does: nothing reaches either side, and no error is raised.
   */
  async function quietableRelay() {
    const target = new URL(server.url);
    let quiet = false;
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      client.on('data', (chunk) => quiet || upstream.write(chunk));
      upstream.on('data', (chunk) => quiet || client.write(chunk));
      for (const [one, other] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        one.on('error', () => other.destroy());
        one.on('close', () => other.destroy());
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const url = new URL(server.url);
    url.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    return {
      url: url.href,
      setQuiet: (value: boolean) => {
        quiet = value;
      },
      close: () => new Promise((resolve) => relay.close(resolve)),
    };
  }

  it('notices a LISTEN connection dropped without a word, and listens again once it can', async () => {
    const relay = await quietableRelay();
    const quietDatabase = await openDatabase({ url: relay.url, poolSize: 1, listenHeartbeatMs: 300 });
    const events: string[] = [];
    const heard: string[] = [];
    try {
      await quietDatabase.listen('pathwise_quiet_channel', (payload) => heard.push(payload), {
        onInterrupt: () => events.push('interrupted'),
        onResume: () => events.push('resumed'),
      });
      relay.setQuiet(true);
      await vi.waitFor(() => expect(events).toEqual(['interrupted']), { timeout: 5_000 });

      relay.setQuiet(false);
      await vi.waitFor(() => expect(events).toEqual(['interrupted', 'resumed']), { timeout: 10_000 });
      await database.db.execute(sql`SELECT pg_notify('pathwise_quiet_channel', 'heard again')`);
      await vi.waitFor(() => expect(heard).toEqual(['heard again']));
    } finally {
      await quietDatabase.close();
      await relay.close();
    }
  });
});
