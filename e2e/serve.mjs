// Starts the built Pathwise server for the E2E run on a fresh data directory (and, when DATABASE_URL
// names a PostgreSQL server, a fresh database there), and cleans both up when Playwright stops it.
import { spawn } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import {
  E2E_BASE_URL,
  E2E_JWT_SECRET,
  E2E_MAILBOX,
  E2E_MODERATOR_EMAIL,
  E2E_OIDC_PORT,
  E2E_PORT,
  E2E_SMTP_PORT,
} from './settings.mjs';

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

// "Continue with Google" signs in at a real local OpenID Provider (the one the server tests use).
const { startIdentityProvider } = await tsImport(
  '../apps/server/test/helpers/identity-provider.ts',
  import.meta.url,
);
const identityProvider = await startIdentityProvider({
  port: E2E_OIDC_PORT,
  redirectUris: [`${E2E_BASE_URL}/api/auth/oauth2/callback/google`],
});

// Mail (password reset links) goes to a real local SMTP server; the tests read the mailbox file.
const { startSmtpServer } = await tsImport('../apps/server/test/helpers/smtp-server.ts', import.meta.url);
rmSync(E2E_MAILBOX, { force: true });
const smtp = await startSmtpServer({
  port: E2E_SMTP_PORT,
  onMail: (mail) => appendFileSync(E2E_MAILBOX, `${JSON.stringify(mail)}\n`),
});

/** A VAPID key pair (P-256, base64url), which a server on PostgreSQL requires. */
function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
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
  GOOGLE_ISSUER: identityProvider.client.issuer,
  GOOGLE_CLIENT_ID: identityProvider.client.clientId,
  GOOGLE_CLIENT_SECRET: identityProvider.client.clientSecret,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Pathwise <no-reply@pathwise.test>',
  ADMIN_EMAILS: E2E_MODERATOR_EMAIL,
  // Specs run one after another on one server: each sees the Explore ranking of what it just did.
  EXPLORE_CACHE_SECONDS: '0',
};
if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, ...vapidKeys() });
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
  await identityProvider.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(E2E_MAILBOX, { force: true });
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
}

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await cleanUp();
  process.exit(code ?? 0);
});
