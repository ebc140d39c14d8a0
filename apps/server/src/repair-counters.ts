/**
 * `npm run db:repair-counters`: recomputes the counts kept on posts and users (likes, comments,
 * followers, following, posts), each person's notifications, the template uses kept on plans and the
 * feed's post count from the rows they count, on the database the server is configured with
 * (DATABASE_URL, else the embedded one in DATA_DIR; stop the server first for the embedded one, which one
 * process opens at a time). Prints how many rows were wrong.
 */
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { repairCounters } from './modules/counters/counters.queries.js';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  poolSize: 1,
});
try {
  const repaired = await repairCounters(database.db);
  console.log(
    `counters repaired: ${repaired.posts} posts, ${repaired.users} users, ` +
      `${repaired.plans} plans, ${repaired.rowCounts} row counts, ` +
      `${repaired.notificationCounts} notification counts were wrong`,
  );
} finally {
  await database.close();
}
