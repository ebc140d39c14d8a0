import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, type EmbeddedThread, openDatabase } from '../../src/db/client.js';
import { openEmbeddedDatabase } from '../../src/db/embedded-database.js';

export const migrationsFolder = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'migrations');

/**
 * Set DATABASE_URL to run the suite on a PostgreSQL server; otherwise each test file gets an in-memory
 * PGlite.
 */
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

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test file copies: a database name on the server, or a PGlite dump file. */
    templateDatabase: { server: string } | { dumpFile: string };
  }
}

export type TestDatabase = DatabaseHandle & { drop(): Promise<void> };

/**
 * The run's migrated database (setup/template-database.ts), read once per test file. Vitest is imported
 * here only, so that bench/ can use this file's other helpers outside a test run.
 */
let embeddedTemplate: Blob | undefined;
async function template() {
  const { inject } = await import('vitest');
  const provided = inject('templateDatabase');
  if (provided && 'dumpFile' in provided && embeddedThread === 'main') {
    embeddedTemplate ??= new Blob([readFileSync(provided.dumpFile)]);
    return { embedded: embeddedTemplate };
  }
  return { server: provided && 'server' in provided ? provided.server : undefined };
}

/**
 * A database of its own for one test file: a copy of the run's migrated one, or else a freshly migrated one.
 */
export async function createTestDatabase(
  onQuery?: (sql: string, params: unknown[]) => void,
): Promise<TestDatabase> {
  const { embedded, server: templateName } = await template();
  if (!serverUrl) {
    const handle = await openDatabase({ onQuery, embeddedThread, embeddedCopyOf: embedded });
    if (!embedded) await handle.migrate(migrationsFolder);
    return { ...handle, drop: () => handle.close() };
  }
  const server = await createServerDatabase(serverUrl, templateName);
  const handle = await openDatabase({ url: server.url, poolSize: 5, onQuery });
  if (!templateName) await handle.migrate(migrationsFolder);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await server.drop();
    },
  };
}

/**
 * A database of its own on the PostgreSQL server behind `adminUrl`, for a server process a test starts: a
 * copy of the run's migrated database when there is one (the process then has no migration to run).
 */
export async function createMigratedServerDatabase(adminUrl: string) {
  return createServerDatabase(adminUrl, (await template()).server);
}

/**
 * A new DATA_DIR (named from `prefix`) for a server process a test starts: on the embedded database, its
 * database (`db/`) is already a copy of the run's migrated one. An empty one is created and migrated by
 * the process, in WebAssembly, which takes several times as long; `npm start`'s tests and the end-to-end
 * run start on empty ones.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const { inject } = await import('vitest');
  const provided = inject('templateDatabase');
  if (!serverUrl && provided && 'dumpFile' in provided) {
    const copy = new Blob([readFileSync(provided.dumpFile)]);
    await (await openEmbeddedDatabase(path.join(dataDir, 'db'), copy)).close();
  }
  return dataDir;
}

/** A database of its own on the PostgreSQL server behind `adminUrl`: empty, or a copy of `template`. */
export async function createServerDatabase(adminUrl: string, template?: string) {
  const name = `pathwise_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrlNamed(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** `serverUrl` pointing at the database `name` on the same server. */
export function databaseUrlNamed(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
