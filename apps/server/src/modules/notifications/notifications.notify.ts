import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type Dedupe, insertNotifications, type NewNotification } from './notifications.queries.js';

export type Notice = Omit<NewNotification, 'message'> & { message: (actorName: string) => string };

/** NUL cannot be in PostgreSQL text, so no title or name in a message can be mistaken for it. */
const ACTOR = '\u0000';

/** Writes `notice` for `recipients` (never the actor) in `tx`: the cause's transaction, or a job's. */
export async function notify(tx: Database, notice: Notice, recipients: SQL, dedupe: Dedupe) {
  const [beforeActor = '', afterActor = ''] = notice.message(ACTOR).split(ACTOR);
  await insertNotifications(tx, { ...notice, message: { beforeActor, afterActor } }, recipients, dedupe);
}
