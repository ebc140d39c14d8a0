import { GROUP_LIMITS } from '@pathwise/contract';
import { afterCommit } from '../../db/after-commit.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs.js';
import { claimCheckIns } from './check-ins.queries.js';
import { sendSignals } from './notifications.queries.js';
import { pushLater } from './push.jobs.js';

export const SEND_CHECK_INS_JOB = 'send-group-check-ins';

/** Every hour at minute 30 UTC: the first run of a new week of a group's pace reminds its members. */
export const CHECK_IN_SCHEDULE = '30 * * * *';

/** Today's date in UTC, as the pace counts its weeks. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * Sends the study groups' weekly check-ins that are due, batch after batch (one statement each, plus the
 * live signals and the push job of what it wrote): how many were sent. Safe to run from several workers
 * at once, and again: each member is reminded once per week of their group's pace.
 */
export async function sendCheckIns(
  db: Database,
  jobs: JobQueue | null,
  { today = utcToday(), batch = GROUP_LIMITS.checkInBatch } = {},
): Promise<number> {
  let sent = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const result = await claimCheckIns(tx, today, batch);
      const signals = result.made.map(({ recipientId, notificationId }) => ({ recipientId, notificationId }));
      await afterCommit(tx, (pool) => sendSignals(pool, signals));
      const toPush = result.made.filter((row) => row.push).map((row) => row.notificationId);
      if (jobs) await pushLater(tx, jobs, toPush);
      return result;
    });
    sent += done.made.length;
    if (done.picked < batch) return sent;
  }
}

/** The periodic job that sends the check-ins. */
export function registerCheckInJob(db: Database, jobs: JobQueue) {
  jobs.handle(SEND_CHECK_INS_JOB, async () => {
    await sendCheckIns(db, jobs);
  });
  jobs.schedule(SEND_CHECK_INS_JOB, CHECK_IN_SCHEDULE);
}
