import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { createServerDatabase, migrationsFolder, serverUrl } from './helpers/database.js';

/** A TCP relay to PostgreSQL that keeps what the server's pool writes, one entry per chunk received. */
async function recordingRelay(target: URL) {
  const writes: string[] = [];
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (chunk) => {
      writes.push(chunk.toString('latin1'));
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  return { url: url.toString(), writes, close: () => new Promise((resolve) => relay.close(resolve)) };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Only a PostgreSQL server is reached over a connection, where a round trip costs.
describe.runIf(serverUrl)('a transaction on the PostgreSQL server', () => {
  let server: Awaited<ReturnType<typeof createServerDatabase>>;
  let relay: Awaited<ReturnType<typeof recordingRelay>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    relay = await recordingRelay(new URL(server.url));
    database = await openDatabase({ url: relay.url, poolSize: 1 });
    await database.migrate(migrationsFolder);
    await database.db.execute(sql`create table deferred_begin_probe (value int not null check (value > 0))`);
  });

  afterAll(async () => {
    await database.close();
    await relay.close();
    await server.drop();
  });

  beforeEach(() => {
    relay.writes.length = 0;
  });

  it('sends its begin in the same write as its first statement, and commits what it wrote', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into deferred_begin_probe (value) values (1)`);
      await tx.execute(sql`insert into deferred_begin_probe (value) values (2)`);
    });

    // Three writes (without this, four): begin and the first insert, the second insert, the commit.
    // (The begin's text was sent once, when the connection first prepared it; now only its name goes.)
    expect(relay.writes).toHaveLength(3);
    expect(relay.writes[0]).toContain('values (1)');
    expect(relay.writes[1]).toContain('values (2)');
    const rows = rowsOf<{ value: number }>(
      await database.db.execute(sql`select value from deferred_begin_probe order by value`),
    );
    expect(rows).toEqual([{ value: 1 }, { value: 2 }]);
  });

  it('rolls everything back when its first statement fails, and the connection serves the next one', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into deferred_begin_probe (value) values (-1)`);
      }),
    ).rejects.toThrow();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into deferred_begin_probe (value) values (3)`);
        await tx.execute(sql`insert into deferred_begin_probe (value) values (-3)`);
      }),
    ).rejects.toThrow();

    const rows = rowsOf<{ value: number }>(
      await database.db.execute(sql`select value from deferred_begin_probe where value = 3`),
    );
    expect(rows).toEqual([]);
    // Not left inside a transaction: what it writes next is committed, as another connection sees.
    await database.db.execute(sql`insert into deferred_begin_probe (value) values (4)`);
    const other = new pg.Client({ connectionString: server.url });
    await other.connect();
    try {
      const { rows: seen } = await other.query('select value from deferred_begin_probe where value = 4');
      expect(seen).toEqual([{ value: 4 }]);
    } finally {
      await other.end();
    }
  });

  it('keeps the settings its begin asks for', async () => {
    const [setting] = await database.db.transaction(
      async (tx) =>
        rowsOf<{ isolation: string; readOnly: string }>(
          await tx.execute(sql`select current_setting('transaction_isolation') as isolation,
            current_setting('transaction_read_only') as "readOnly"`),
        ),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    expect(setting).toEqual({ isolation: 'repeatable read', readOnly: 'on' });
  });

  it('sends nothing for a transaction that runs no statement', async () => {
    await database.db.transaction(async () => {});
    await expect(
      database.db.transaction(async () => Promise.reject(new Error('changed my mind'))),
    ).rejects.toThrow('changed my mind');
    expect(relay.writes).toEqual([]);
  });
});
