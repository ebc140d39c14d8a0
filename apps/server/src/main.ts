import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { logFormatOf, terminalLog } from './lib/terminal-log.js';

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

const logFormat = logFormatOf(config.logFormat, process.stdout.isTTY);
const app = await buildApp({
  config,
  database,
  webDistDir,
  logger: {
    level: config.logLevel,
    ...(logFormat === 'pretty' && { stream: terminalLog((text) => process.stdout.write(text)) }),
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

/** Where this process answers: the port it got (PORT=0 picks one), `localhost` for every interface. */
function localUrl() {
  const { port } = app.server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

const running = `Pathwise is running on ${localUrl()}`;
const publicAddress = config.publicUrl ? `public address ${config.publicUrl}, ` : '';
const databaseText =
  database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
if (logFormat === 'pretty') {
  process.stdout.write(`${running}\n(${publicAddress}${databaseText}; Ctrl+C stops it)\n`);
} else {
  app.log.info(`${running} (${publicAddress}${databaseText})`);
}
