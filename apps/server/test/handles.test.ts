import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mentionedHandles } from '@pathwise/contract';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createServerDatabase, migrationsFolder, serverUrl } from './helpers/database.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const handleOf = async (name: string) => (await signUp(t, { name })).user.handle;

describe('handles made at sign-up', () => {
  it('come from the name, lowercase letters and digits only, numbered from 2 when taken', async () => {
    expect(await handleOf('Ann Lee')).toBe('annlee');
    expect(await handleOf('ann lee')).toBe('annlee2');
    expect(await handleOf('ANN-LEE')).toBe('annlee3');
    expect(await handleOf('José Núñez')).toBe('josenunez');
    expect(await handleOf('R2 D2')).toBe('r2d2');
  });

  it('are padded, replaced or cut to stay 3 to 30 characters', async () => {
    expect(await handleOf('Bo')).toBe('bo_');
    expect(await handleOf('李小龍')).toBe('user');
    const long = 'Maximilian Alexander Wolfgang Bartholomew';
    expect(await handleOf(long)).toBe('maximilianalexanderwolfgangbar');
    expect(await handleOf(long)).toBe('maximilianalexanderwolfgangba2');
  });

  it('stay unique when people with the same name sign up at the same moment', async () => {
    const handles = await Promise.all(Array.from({ length: 5 }, () => handleOf('Sam Race')));
    expect(new Set(handles).size).toBe(5);
    expect(handles).toContain('samrace');
  });

  it('are what a mention matches', () => {
    expect(mentionedHandles('Thanks @AnnLee and @annlee2!')).toEqual(['annlee', 'annlee2']);
  });
});

describe('the migration that introduced handles', () => {
  it('gives existing accounts handles the way sign-up would, in the order they signed up', async () => {
    // The migrations folder as it was before handles: only the first migration in the journal.
    const before = mkdtempSync(path.join(tmpdir(), 'pw-migrations-'));
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    const handlesIndex = journal.entries.findIndex((entry: { tag: string }) =>
      entry.tag.endsWith('_handles'),
    );
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, handlesIndex) }),
    );

    const server = serverUrl ? await createServerDatabase(serverUrl) : undefined;
    const database = await openDatabase({ url: server?.url });
    try {
      await database.migrate(before);
      const names = ['Ann Lee', 'Ann Lee', 'annlee2', 'Al', '!!!'];
      for (const [i, name] of names.entries()) {
        await database.db.execute(
          sql`insert into users (name, email) values (${name}, ${`old${i}@example.com`})`,
        );
      }

      await database.migrate(migrationsFolder);

      const rows = await database.db.select({ handle: users.handle }).from(users).orderBy(asc(users.id));
      expect(rows.map((row) => row.handle)).toEqual(['annlee', 'annlee2', 'annlee22', 'al_', 'user']);
    } finally {
      await database.close();
      await server?.drop();
    }
  });
});
