import type { JobQueue } from '../../lib/jobs.js';
import type { DigestService } from './digests.service.js';

export const SEND_DIGESTS_JOB = 'send-digests';

/**
 * Every hour, at minute 0 UTC: a digest is due once a UTC day (DAILY) or week from Monday (WEEKLY) has
 * begun since the last one, so the first run of a period sends it and later runs catch up on whoever
 * had nothing unread yet, or whose send failed.
 */
export const DIGEST_SCHEDULE = '0 * * * *';

/** The periodic job that mails the digests that are due; `scheduled` where their links can be made. */
export function registerDigestJob(jobs: JobQueue, digests: DigestService, { scheduled = true } = {}) {
  jobs.handle(SEND_DIGESTS_JOB, async () => {
    await digests.sendDue();
  });
  if (scheduled) jobs.schedule(SEND_DIGESTS_JOB, DIGEST_SCHEDULE);
}
