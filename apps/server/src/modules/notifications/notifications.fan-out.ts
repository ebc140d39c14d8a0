import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs.js';
import { notify } from './notifications.notify.js';
import {
  foldNotificationCounts,
  followerBatchEnd,
  followersBetween,
  lockPublicPlan,
} from './notifications.queries.js';

export const NOTIFY_FOLLOWERS_JOB = 'notify-followers-of-plan';

/** Every minute: the notification counts' changes folded in, so that reads add few of them. */
export const FOLD_COUNTS_JOB = 'fold-notification-counts';
export const FOLD_COUNTS_SCHEDULE = '* * * * *';

/** Followers notified per job: one job stays a short transaction however many followers there are. */
export const FOLLOWERS_PER_JOB = 1_000;

/** A shared plan to announce to the followers after `afterFollowerId` (by id). */
export type FollowersOfPlan = { actorId: number; planId: number; title: string; afterFollowerId: number };

/** Enqueues, in the publishing transaction, the announcement of a plan to its author's followers. */
export const notifyFollowersLater = (tx: Database, jobs: JobQueue, job: FollowersOfPlan) =>
  jobs.send(tx, NOTIFY_FOLLOWERS_JOB, job);

/**
 * The jobs of notifications. The fan-out notifies one batch of followers and, in the same transaction,
 * enqueues the next batch. A retried batch adds nothing twice (each follower gets one notification per
 * plan, ever); a plan deleted or made private meanwhile is announced no further. The fold of the counts.
 */
export function registerNotificationJobs(db: Database, jobs: JobQueue) {
  jobs.handle<FollowersOfPlan>(NOTIFY_FOLLOWERS_JOB, (job) =>
    db.transaction(async (tx) => {
      if (!(await lockPublicPlan(tx, job.planId))) return;
      const batchEnd = await followerBatchEnd(tx, job.actorId, job.afterFollowerId, FOLLOWERS_PER_JOB);
      await notify(
        tx,
        jobs,
        {
          type: 'LEARNING_PLAN_SHARE',
          actorId: job.actorId,
          message: (actor) => `${actor} shared a new learning plan: ${job.title}`,
          entityType: 'learning-plan',
          entityId: job.planId,
          planId: job.planId,
        },
        followersBetween(job.actorId, job.afterFollowerId, batchEnd),
        'ever',
      );
      if (batchEnd !== null) await notifyFollowersLater(tx, jobs, { ...job, afterFollowerId: batchEnd });
    }),
  );
  jobs.handle(FOLD_COUNTS_JOB, () => foldNotificationCounts(db));
  jobs.schedule(FOLD_COUNTS_JOB, FOLD_COUNTS_SCHEDULE);
}
