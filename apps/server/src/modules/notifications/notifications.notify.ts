import { DEFAULT_NOTIFICATION_PREFERENCES } from '@pathwise/contract';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs.js';
import { type Dedupe, insertNotifications, type NewNotification } from './notifications.queries.js';
import { pushLater } from './push.jobs.js';

export type Notice = Omit<NewNotification, 'message'> & { message: (actorName: string) => string };

/** NUL cannot be in PostgreSQL text, so no title or name in a message can be mistaken for it. */
const ACTOR = '\u0000';

/**
 * Writes `notice` for `recipients` (never the actor) in `tx`: the cause's transaction, or a job's; the
 * push of those who want it is enqueued in the same transaction.
 */
export async function notify(tx: Database, jobs: JobQueue, notice: Notice, recipients: SQL, dedupe: Dedupe) {
  const [beforeActor = '', afterActor = ''] = notice.message(ACTOR).split(ACTOR);
  const message = { beforeActor, afterActor };
  const defaultPush = DEFAULT_NOTIFICATION_PREFERENCES.types[notice.type].push;
  const toPush = await insertNotifications(tx, { ...notice, message }, recipients, dedupe, defaultPush);
  await pushLater(tx, jobs, toPush);
}
