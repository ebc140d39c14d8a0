import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_TYPES,
  notificationPath,
  PUSH_TITLE,
  type PushPayload,
} from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs.js';
import type { WebPush } from '../../lib/web-push.js';
import { dropExpiredSubscription, selectPushCandidates, selectPushDelivery } from './push.queries.js';
import { quietHoursWaitMs } from './quiet-hours.js';

/** Sorts new notifications into pushes to send now, one job per device, and pushes to hold. */
export const PUSH_DISPATCH_JOB = 'push-notifications';
/** Sends one notification to one device, retried on its own when the push service fails. */
export const PUSH_SEND_JOB = 'push-to-device';

export type PushDispatch = { notificationIds: number[] };
export type PushSend = { notificationId: number; subscriptionId: number };

const DEFAULT_PUSH = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [type, DEFAULT_NOTIFICATION_PREFERENCES.types[type].push]),
);

/** Enqueues, in the transaction that made them, the push of new notifications. */
export const pushLater = (tx: Database, jobs: JobQueue, notificationIds: number[]) =>
  notificationIds.length === 0 ? Promise.resolve() : jobs.send(tx, PUSH_DISPATCH_JOB, { notificationIds });

/**
 * Pushes never run on the request path. The dispatch reads, in one statement, every device of every
 * recipient with their preferences as they are now: a notification already read, or whose type's push
 * is off, is not pushed; one inside its recipient's quiet hours is dispatched again when they end.
 * The others become one send job per device, so a failing push service retries only its own pushes.
 */
export function registerPushJobs(db: Database, jobs: JobQueue, webPush: WebPush, log: FastifyBaseLogger) {
  jobs.handle<PushDispatch>(PUSH_DISPATCH_JOB, async ({ notificationIds }) => {
    const now = new Date();
    const candidates = await selectPushCandidates(db, notificationIds, DEFAULT_PUSH);
    const sends: PushSend[] = [];
    const held = new Map<number, Set<number>>();
    for (const candidate of candidates) {
      if (candidate.isRead || !candidate.pushOn) continue;
      const wait = quietHoursWaitMs(now, candidate.quietHours);
      if (wait === 0) {
        sends.push({ notificationId: candidate.notificationId, subscriptionId: candidate.subscriptionId });
        continue;
      }
      const seconds = Math.ceil(wait / 1000);
      held.set(seconds, (held.get(seconds) ?? new Set()).add(candidate.notificationId));
    }
    await db.transaction(async (tx) => {
      await jobs.sendMany(tx, PUSH_SEND_JOB, sends);
      for (const [startAfterSeconds, ids] of held)
        await jobs.send(tx, PUSH_DISPATCH_JOB, { notificationIds: [...ids] }, { startAfterSeconds });
    });
  });

  jobs.handle<PushSend>(PUSH_SEND_JOB, async ({ notificationId, subscriptionId }) => {
    const delivery = await selectPushDelivery(db, subscriptionId, notificationId);
    if (!delivery || delivery.isRead) return;
    const payload: PushPayload = {
      title: PUSH_TITLE,
      body: delivery.message,
      url: notificationPath(delivery.entityType, delivery.entityId) ?? '/notifications',
      tag: `notification-${notificationId}`,
    };
    const outcome = await webPush.send(delivery, JSON.stringify(payload), `n${notificationId}`);
    if (outcome.kind === 'gone') await dropExpiredSubscription(db, subscriptionId, delivery.endpoint);
    // A refusal (400, 403, 413…) would be refused again: it is logged, not retried.
    if (outcome.kind === 'refused')
      log.warn(
        { push: { subscriptionId, status: outcome.status, body: outcome.body } },
        'a push was refused',
      );
  });
}
