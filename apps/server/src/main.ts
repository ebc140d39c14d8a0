import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

// src/main.ts and the bundled dist/main.js sit at the same depth, so these paths hold for both.
const appRoot = fileURLToPath(new URL('..', import.meta.url));
const migrationsFolder = path.join(appRoot, 'migrations');
const webDistDir = path.join(appRoot, '..', 'web', 'dist');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** One JSON line per statement, with its parameters as sent (the bench's SQL ceiling replays them). */
function logStatement(sql: string, params: unknown[]) {
  const line = JSON.stringify({ sql, params }, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  process.stdout.write(`${line}\n`);
}

const config = readConfig();
// Until the app's logger exists, a broken idle connection is reported on stderr.
let reportConnectionError = (error: Error) => console.error('database connection lost:', error.message);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  embeddedThread: config.embeddedDatabaseThread,
  poolSize: config.databasePoolSize,
  onConnectionError: (error) => reportConnectionError(error),
  ...(config.databaseLogStatements && { onQuery: logStatement }),
});
await database.migrate(migrationsFolder);

const prettyLogs = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
const app = await buildApp({
  config,
  database,
  webDistDir,
  logger: {
    level: config.logLevel,
    ...(prettyLogs && { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }),
  },
});
reportConnectionError = (err) => app.log.warn({ err }, 'a database connection broke; it is being replaced');

// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database (onClose).
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Pathwise is running on ${config.publicUrl ?? `http://localhost:${config.port}`} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
);
