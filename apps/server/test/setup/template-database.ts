import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { openEmbeddedDatabase } from '../../src/db/embedded-database.js';
import { adminQuery, databaseUrlNamed, migrationsFolder, serverUrl } from '../helpers/database.js';

/**
 * Migrates one database for the whole run; each test file then starts from a copy of it
 * (helpers/database.ts), which takes a fraction of creating and migrating a database of its own.
 */
export default async function setup(project: TestProject) {
  const adminUrl = serverUrl;
  if (adminUrl) {
    const name = `pathwise_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: databaseUrlNamed(adminUrl, name), poolSize: 1 });
    await database.migrate(migrationsFolder);
    await database.close();
    project.provide('templateDatabase', { server: name });
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const client = await openEmbeddedDatabase(undefined);
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'pathwise-template-'));
  const dumpFile = path.join(folder, 'migrated.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', { dumpFile });
  return () => rmSync(folder, { recursive: true, force: true });
}
