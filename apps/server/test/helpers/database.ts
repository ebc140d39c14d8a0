import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, type EmbeddedThread, openDatabase } from '../../src/db/client.js';

export const migrationsFolder = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'migrations');

/** Set DATABASE_URL to run the suite on a PostgreSQL server; otherwise each test file gets an in-memory PGlite. */
export const serverUrl = process.env.DATABASE_URL;
/**
 * Where each test file's in-memory PGlite runs: the test's own thread, unless
 * EMBEDDED_DATABASE_THREAD=worker. Node 24's V8 now and then aborts the whole process ("Check failed:
 * jit_page_->allocations_.erase(addr) == 1" in UnregisterWasmAllocation) when a worker thread holding
 * PGlite's WebAssembly is torn down, which a suite opening and closing a database per file does a
 * hundred times; a server does it once, at exit. The worker thread, the server's default, is tested by
 * embedded-database-thread.test.ts and crash-safety.test.ts, and serves the end-to-end tests.
 */
export const embeddedThread: EmbeddedThread =
  process.env.EMBEDDED_DATABASE_THREAD === 'worker' ? 'worker' : 'main';

export type TestDatabase = DatabaseHandle & { drop(): Promise<void> };

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(
  onQuery?: (sql: string, params: unknown[]) => void,
): Promise<TestDatabase> {
  if (!serverUrl) {
    const handle = await openDatabase({ onQuery, embeddedThread });
    await handle.migrate(migrationsFolder);
    return { ...handle, drop: () => handle.close() };
  }
  const server = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ url: server.url, poolSize: 5, onQuery });
  await handle.migrate(migrationsFolder);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await server.drop();
    },
  };
}

/** An empty database of its own on the PostgreSQL server behind `adminUrl`. */
export async function createServerDatabase(adminUrl: string) {
  const name = `pathwise_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
