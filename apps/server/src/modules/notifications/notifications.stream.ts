import { NOTIFICATION_STREAM, type Notification } from '@pathwise/contract';
import type { EventStream } from '../../lib/event-stream.js';
import type { LiveSubscriber } from './notifications.live.js';
import type { NotificationRow } from './notifications.queries.js';
import type { CatchUp, LiveUpdate } from './notifications.service.js';

/** Ids a stream remembers having sent, so a notification both replayed and pushed live goes once. */
const REMEMBERED_IDS = 4 * NOTIFICATION_STREAM.replayLimit;

type ResumableStreamOptions = {
  stream: EventStream;
  catchUp: (afterId: number | null) => Promise<CatchUp>;
  toNotification: (row: NotificationRow) => Notification;
  onError: (error: unknown) => void;
};

/**
 * One client's notification stream, resumable: every event carries the cursor (the id of the newest
 * notification the client has, see NOTIFICATION_STREAM) as its id. Catching up (on connect, and after
 * the process's LISTEN connection came back) replays from the database what came after the cursor;
 * live updates wait behind a catch-up in progress, and a notification replayed and pushed live is
 * sent once. Everything goes out one after another, in order.
 */
export function createResumableStream({
  stream,
  catchUp,
  toNotification,
  onError,
}: ResumableStreamOptions): LiveSubscriber & { start(lastEventId: number | null): void } {
  const { events } = NOTIFICATION_STREAM;
  let cursor: number | null = null;
  const sent = new Set<number>();
  let queue = Promise.resolve();

  function enqueue(step: () => void | Promise<void>) {
    queue = queue.then(step).catch((error: unknown) => {
      onError(error);
      stream.close();
    });
  }

  function sendNotification(row: NotificationRow) {
    if (sent.has(row.id)) return;
    if (sent.size >= REMEMBERED_IDS) sent.delete(sent.values().next().value!);
    sent.add(row.id);
    cursor = Math.max(cursor ?? 0, row.id);
    stream.send(events.notification, toNotification(row), row.id);
  }

  const sendCount = (count: number) => stream.send(events.unreadCount, count, cursor ?? 0);

  async function catchUpAfter(afterId: number | null) {
    const { missed, overflow, latestId, unreadCount } = await catchUp(afterId);
    // A cursor ahead of the newest notification (another account's, or made up) is brought back.
    const known = afterId === null ? latestId : Math.min(afterId, latestId);
    cursor = Math.max(cursor ?? 0, known);
    if (overflow) {
      cursor = Math.max(cursor, latestId);
      stream.send(events.resync, {}, cursor);
    }
    for (const row of missed) sendNotification(row);
    sendCount(unreadCount);
  }

  return {
    start: (lastEventId) => enqueue(() => catchUpAfter(lastEventId)),
    resync: () => enqueue(() => catchUpAfter(cursor)),
    push: (update: LiveUpdate) =>
      enqueue(() => {
        if (update.notification) sendNotification(update.notification);
        sendCount(update.unreadCount);
      }),
    close: () => stream.close(),
  };
}
