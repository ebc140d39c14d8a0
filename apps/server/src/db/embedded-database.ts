import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CachedStatementsPGlite } from './cached-statements-pglite.js';

/**
 * The embedded database, ready for queries, on whichever thread calls this (the server's own, or the
 * worker of `WorkerPGlite`). `dataDir` undefined keeps it in memory (tests); `copyOf`, a data directory
 * dumped by PGlite, starts it as a copy of that database instead of an empty one.
 */
export async function openEmbeddedDatabase(
  dataDir: string | undefined,
  copyOf?: Blob,
): Promise<CachedStatementsPGlite> {
  const client = new CachedStatementsPGlite(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(copyOf && { loadDataDir: copyOf }),
  });
  await client.waitReady;
  // Every statement stays prepared here, so each can keep one generic plan instead of being planned
  // again per call, which in WebAssembly took two fifths of a feed request (bench/RESULTS.md). Page
  // sizes are written into the statements (literalLimit) so that those plans know them.
  await client.exec('SET plan_cache_mode = force_generic_plan');
  return client;
}
