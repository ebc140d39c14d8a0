import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { messages } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedStatementsPGlite } from '../src/db/cached-statements-pglite.js';

/** The package.json of the installed `name`, found above the file it resolves to. */
function installedManifest(name: string): { name: string; version: string } {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.name === name) return manifest;
    } catch {
      // No package.json at this level.
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${name} is not installed`);
    dir = parent;
  }
}

describe('the PGlite this class is written against', () => {
  it('is pinned to one exact version, the one installed: a new release must be tested before use', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const declared: string = manifest.dependencies['@electric-sql/pglite'];
    expect(declared).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installedManifest('@electric-sql/pglite').version).toBe(declared);
  });
});

describe('PGlite keeping statements prepared', () => {
  let db: CachedStatementsPGlite;

  beforeAll(async () => {
    db = new CachedStatementsPGlite('memory://', { extensions: { pg_trgm } });
    await db.waitReady;
    await db.exec(`CREATE TABLE notes (
      id serial PRIMARY KEY, title text UNIQUE NOT NULL, tags text[] NOT NULL DEFAULT '{}',
      details jsonb, written_at timestamptz NOT NULL DEFAULT now())`);
  });

  afterAll(async () => {
    await db.close();
  });

  const preparedCount = async () =>
    (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_prepared_statements')).rows[0]!
      .count;

  it('answers a statement run again with new parameters, typed as PostgreSQL describes them', async () => {
    const insert = 'INSERT INTO notes (title, tags, details, written_at) VALUES ($1, $2, $3, $4) RETURNING *';
    const first = await db.query(insert, [
      'first',
      ['a', 'b'],
      { level: 1 },
      new Date('2026-01-02T03:04:05Z'),
    ]);
    const second = await db.query(insert, ['second', [], null, new Date('2026-02-03T04:05:06Z')]);

    expect(first.rows).toEqual([
      {
        id: 1,
        title: 'first',
        tags: ['a', 'b'],
        details: { level: 1 },
        written_at: new Date('2026-01-02T03:04:05Z'),
      },
    ]);
    expect(second.rows[0]).toMatchObject({ id: 2, title: 'second', tags: [], details: null });
    expect(first.affectedRows).toBe(1);
    expect(first.fields.map((field) => field.name)).toEqual(['id', 'title', 'tags', 'details', 'written_at']);
  });

  it('prepares each statement text once, whatever its parameters', async () => {
    const before = await preparedCount();
    for (const title of ['first', 'second', 'nobody']) {
      await db.query('SELECT id FROM notes WHERE title = $1', [title]);
    }
    // The count query itself is prepared too on its first run.
    expect(await preparedCount()).toBe(before + 1);
  });

  it('returns rows as arrays when asked, as Drizzle does', async () => {
    const result = await db.query('SELECT id, title FROM notes WHERE id = $1', [1], { rowMode: 'array' });
    expect(result.rows).toEqual([[1, 'first']]);
  });

  it('reports a database error with its code and goes on answering', async () => {
    const insert = 'INSERT INTO notes (title) VALUES ($1)';
    await expect(db.query(insert, ['first'])).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toMatchObject({ code: '42P01' });

    await db.query(insert, ['third']);
    const titles = await db.query<{ title: string }>('SELECT title FROM notes ORDER BY id');
    expect(titles.rows.map((row) => row.title)).toEqual(['first', 'second', 'third']);
  });

  it('waits for a running transaction and sees what it committed', async () => {
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (title) VALUES ($1)', ['in a transaction']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query('INSERT INTO notes (title) VALUES ($1)', ['also in it']);
    });
    const count = db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM notes WHERE title = ANY($1)',
      [['in a transaction', 'also in it']],
    );
    await transaction;
    expect((await count).rows).toEqual([{ count: 2 }]);
  });

  it('keeps at most 200 statements prepared, closing the least recently used', async () => {
    for (let n = 0; n < 250; n++) {
      const result = await db.query<{ n: number }>(`SELECT $1::int + ${n} AS n`, [1]);
      expect(result.rows).toEqual([{ n: n + 1 }]);
    }
    expect(await preparedCount()).toBe(200);
    // A statement closed long ago is prepared again when it comes back.
    expect((await db.query<{ n: number }>('SELECT $1::int + 0 AS n', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('passes the notices of a statement to the caller', async () => {
    const notices: messages.NoticeMessage[] = [];
    await db.query(`DO $$ BEGIN RAISE NOTICE 'kept prepared'; END $$`, [], {
      onNotice: (notice) => notices.push(notice),
    });
    expect(notices.map((notice) => notice.message)).toEqual(['kept prepared']);
  });
});

describe('PGlite keeping statements prepared, on disk', () => {
  it('writes what a statement outside a transaction changed to the data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-cached-pglite-'));
    const first = new CachedStatementsPGlite(dataDir);
    await first.query('CREATE TABLE kept (value text)');
    await first.query('INSERT INTO kept VALUES ($1)', ['written once']);
    await first.close();

    const reopened = new CachedStatementsPGlite(dataDir);
    try {
      expect((await reopened.query('SELECT value FROM kept')).rows).toEqual([{ value: 'written once' }]);
    } finally {
      await reopened.close();
    }
  });
});
