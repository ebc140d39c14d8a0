import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { isUniqueViolation } from '../src/lib/db-errors.js';

/**
 * The embedded database in its worker thread (EMBEDDED_DATABASE_THREAD=worker) answers as it does on
 * the server's thread: the whole test suite can run on either, this file checks what only the thread
 * boundary could break.
 */
describe('the embedded database in a worker thread', () => {
  let database: DatabaseHandle;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await openDatabase({ embeddedThread: 'worker' });
    await database.db.execute(sql`create table notes (id serial primary key, title text unique not null,
      written_at timestamptz not null default '2026-01-02T03:04:05Z')`);
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers statements with their parameters, timestamps as PostgreSQL writes them (as Drizzle asks)', async () => {
    await database.db.execute(sql`insert into notes (title) values (${'first'}), (${'second'})`);
    expect(await rows(sql`select title, written_at from notes where title = ${'first'}`)).toEqual([
      { title: 'first', written_at: '2026-01-02 03:04:05+00' },
    ]);
  });

  it('keeps each statement prepared by its text, on generic plans', async () => {
    for (const title of ['first', 'second', 'nobody'])
      await rows(sql`select id from notes where title = ${title}`);
    const prepared = await rows<{ count: number }>(
      sql`select count(*)::int as count from pg_prepared_statements
        where statement = 'select id from notes where title = $1'`,
    );
    expect(prepared).toEqual([{ count: 1 }]);
    expect(await rows(sql`select current_setting('plan_cache_mode') as mode`)).toEqual([
      { mode: 'force_generic_plan' },
    ]);
  });

  it('reports a database error with its code and goes on answering', async () => {
    const failure = await database.db
      .execute(sql`insert into notes (title) values (${'first'})`)
      .catch((e) => e);
    expect(isUniqueViolation(failure, 'notes_title_key')).toBe(true);
    expect(await rows(sql`select count(*)::int as count from notes`)).toEqual([{ count: 2 }]);
  });

  it('commits a transaction whole, and rolls back one that throws, while others wait for it', async () => {
    const kept = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (title) values (${'kept 1'})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into notes (title) values (${'kept 2'})`);
    });
    const seenMeanwhile = rows(sql`select count(*)::int as count from notes where title like 'kept %'`);
    await kept;
    expect(await seenMeanwhile).toEqual([{ count: 2 }]);

    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (title) values (${'rolled back'})`);
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect(await rows(sql`select title from notes where title = 'rolled back'`)).toEqual([]);
  });

  it('delivers a NOTIFY to its listener once the transaction commits', async () => {
    const payloads: string[] = [];
    const unlisten = await database.listen('note_events', (payload) => payloads.push(payload));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('note_events', 'inside')`);
      expect(payloads).toEqual([]);
    });
    await expect.poll(() => payloads).toEqual(['inside']);
    await unlisten();
    await database.db.execute(sql`select pg_notify('note_events', 'after unlisten')`);
    await rows(sql`select 1`);
    expect(payloads).toEqual(['inside']);
  });
});

describe('the embedded database in a worker thread, on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-pglite-thread-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was written for the next start, on either thread', async () => {
    const first = await openDatabase({ dataDir, embeddedThread: 'worker' });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values (${'written in the worker'})`);
    await first.close();

    const reopened = await openDatabase({ dataDir, embeddedThread: 'main' });
    try {
      const result = (await reopened.db.execute(sql`select value from kept`)) as unknown as {
        rows: unknown[];
      };
      expect(result.rows).toEqual([{ value: 'written in the worker' }]);
    } finally {
      await reopened.close();
    }
    // A new data directory is initialised on first start, which takes long on a busy machine.
  }, 240_000);
});
