/**
 * `npm run demo`: fills the database the server is configured with (DATABASE_URL, else the embedded
 * one in DATA_DIR) with the demo community, through the server's own API. Refuses, with exit code 1,
 * a database that already has users. Never run by anything else.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { PEOPLE } from './community.js';
import { assertNoUsers, DEMO_PASSWORD, DemoRefusedError, emailOf, fillDemo } from './fill-demo.js';

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  poolSize: 4,
});
await database.migrate(migrationsFolder);
try {
  await assertNoUsers(database.db);
} catch (error) {
  await database.close();
  if (error instanceof DemoRefusedError) fail(error.message);
  throw error;
}
// Thirty sign-ups from one address in a minute are what the sign-up limit is there to stop.
const app = await buildApp({
  config: { ...config, authRateLimitPerMinute: 1000, jobWorkers: true, logLevel: 'warn' },
  database,
});
// From here the app owns the database: closing it closes both.
try {
  const where = database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'DATABASE_URL';
  console.log(`Filling ${where} with the demo community (about a minute)…`);
  await fillDemo(app, database.db, (line) => console.log(`  ${line}`));
  console.log(
    'Done. Run `npm start` and sign in as any member, ' +
      `e.g. ${emailOf(PEOPLE[0]!)}, password ${DEMO_PASSWORD}`,
  );
  // A setting given on this command's line alone would not reach the next command's.
  if (process.env.DATA_DIR || process.env.DATABASE_URL)
    console.log('npm start must be given the same DATA_DIR or DATABASE_URL: .env gives it to both.');
} finally {
  await app.close();
}
