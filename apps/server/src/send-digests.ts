/**
 * `npm run digests -- --now`: mails every e-mail digest that is due right now, from this process, instead
 * of waiting for the hourly job (docs/operations.md). Each person still gets at most one per period, so it
 * is safe while servers run on the same PostgreSQL database (stop the server first on the embedded one,
 * which one process opens at a time). Prints how many were sent.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createMailer } from './lib/mail.js';
import { createDigestService } from './modules/notifications/digests.service.js';

if (!process.argv.includes('--now')) {
  console.error('usage: npm run digests -- --now   (mails the digests that are due now)');
  process.exit(2);
}
const config = loadConfig();
if (!config.publicUrl) {
  console.error('digests need PUBLIC_URL: their links must lead to this instance');
  process.exit(1);
}
const log = pino({ level: config.logLevel });
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  poolSize: 1,
});
// As the server does at start, so a database this version has not run on yet has the digests' table.
await database.migrate(fileURLToPath(new URL('../migrations', import.meta.url)));
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
try {
  const digests = createDigestService({
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    previousSecret: config.jwtPreviousSecret,
    log,
  });
  const { sent, failed } = await digests.sendDue();
  console.log(`digests: ${sent} sent, ${failed} failed (tried again on the next run)`);
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  mailer.close();
  await database.close();
}
