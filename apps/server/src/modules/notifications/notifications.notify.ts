import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  type Dedupe,
  findUserName,
  insertNotifications,
  type NewNotification,
} from './notifications.queries.js';

export type Notice = Omit<NewNotification, 'message'> & { message: (actorName: string) => string };

/** Writes `notice` for `recipients` (never the actor) in `tx`: the cause's transaction, or a job's. */
export async function notify(tx: Database, notice: Notice, recipients: SQL, dedupe: Dedupe) {
  const actorName = await findUserName(tx, notice.actorId);
  if (actorName === null) return;
  await insertNotifications(tx, { ...notice, message: notice.message(actorName) }, recipients, dedupe);
}
