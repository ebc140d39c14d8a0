import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';

/**
 * The library internals the driver patches of src/db use (docs/upgrading.md). When an upgrade removes
 * one, this names the patch to adapt or drop, before its own tests fail in a less obvious way.
 */
describe('library internals the driver patches rely on', () => {
  it('PGlite still has what CachedStatementsPGlite calls', () => {
    const internals = [
      '_checkReady',
      '_runExclusiveTransaction',
      '_runExclusiveQuery',
      'execProtocolStream',
      'syncToFs',
    ];
    const missing = internals.filter(
      (name) => typeof (PGlite.prototype as unknown as Record<string, unknown>)[name] !== 'function',
    );
    expect(missing, 'db/cached-statements-pglite.ts: PGlite lost these methods').toEqual([]);
  });

  it("node-postgres still exposes a client's socket for deferred-begin-pg", () => {
    const client = new pg.Client();
    const stream = (client as unknown as { connection?: { stream?: { cork?: unknown; uncork?: unknown } } })
      .connection?.stream;
    expect(typeof stream?.cork, 'db/deferred-begin-pg.ts: client.connection.stream.cork is gone').toBe(
      'function',
    );
    expect(typeof stream?.uncork, 'db/deferred-begin-pg.ts: client.connection.stream.uncork is gone').toBe(
      'function',
    );
  });

  it('Drizzle still has what column-rows uses', () => {
    const db = drizzle({ client: new pg.Pool() });
    const select = db.select({ id: users.id }).from(users);
    expect(select._.selectedFields, 'db/column-rows.ts: select._.selectedFields is gone').toHaveProperty(
      'id',
    );
    expect(typeof db._.session.prepareQuery, 'db/column-rows.ts: db._.session.prepareQuery is gone').toBe(
      'function',
    );
  });
});
