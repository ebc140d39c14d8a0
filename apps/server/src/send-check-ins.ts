/**
 * `npm run check-ins -- --now`: sends the study groups' weekly check-ins that are due now, from this
 * process, instead of waiting for the hourly job. Each member still gets one per week of their group's
 * pace, so it is safe while servers run on the same PostgreSQL database (stop the server first on the
 * embedded one, which one process opens at a time). This process runs no job queue, so what it sends is
 * shown in the app and live, but not pushed to devices. Prints how many were sent.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { sendCheckIns } from './modules/notifications/check-ins.jobs.js';

if (!process.argv.includes('--now')) {
  console.error('usage: npm run check-ins -- --now   (sends the weekly study group check-ins due now)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  poolSize: 1,
});
await database.migrate(fileURLToPath(new URL('../migrations', import.meta.url)));
try {
  console.log(`check-ins: ${await sendCheckIns(database.db, null)} sent`);
} finally {
  await database.close();
}
