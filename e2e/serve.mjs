// Starts the built Pathwise server for the E2E run on a fresh data directory (and, when DATABASE_URL
// names a PostgreSQL server, a fresh database there), and cleans both up when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { E2E_JWT_SECRET, E2E_PORT } from './settings.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pathwise-e2e-'));
const adminUrl = process.env.DATABASE_URL;
const databaseName = `pathwise_e2e_${process.pid}`;

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let databaseUrl;
if (adminUrl) {
  await admin(`CREATE DATABASE ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}

const env = {
  ...process.env,
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  JWT_SECRET: E2E_JWT_SECRET,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  NODE_ENV: 'production',
};
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else delete env.DATABASE_URL;

const server = spawn(
  process.execPath,
  [path.join(import.meta.dirname, '..', 'apps', 'server', 'dist', 'main.js')],
  {
    stdio: 'inherit',
    env,
  },
);

async function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
}

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await cleanUp();
  process.exit(code ?? 0);
});
