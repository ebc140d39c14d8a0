import type { Notification, NotificationGroup } from '@pathwise/contract';
import { HttpResponse, http } from 'msw';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';

let nextId = 100;

/** A notification as the server sends it: unread, from Bob, about a post, unless told otherwise. */
export function notificationOf(fields: Partial<Notification> = {}): Notification {
  const id = fields.id ?? nextId++;
  return {
    id,
    type: 'LIKE',
    message: 'Bob Stone liked your post',
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    entityType: 'post',
    entityId: 5,
    actor: { id: 8, name: 'Bob Stone', profilePicture: null },
    ...fields,
  };
}

/** A group as the server sends it: one unread like from Bob on post 5, unless told otherwise. */
export function groupOf(fields: Partial<NotificationGroup> = {}): NotificationGroup {
  const latestId = fields.latestId ?? nextId++;
  return {
    key: `n.${latestId}`,
    type: 'LIKE',
    message: 'Bob Stone liked your post',
    isRead: false,
    latestAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    latestId,
    entityType: 'post',
    entityId: 5,
    actors: [{ id: 8, name: 'Bob Stone', profilePicture: null }],
    actorCount: 1,
    count: 1,
    ...fields,
  };
}

/** Answers the unread count with `count` (any JSON, to try answers that are not numbers). */
export function serveUnreadCount(count: number | string) {
  server.use(http.get('/api/notifications/unread/count', () => HttpResponse.json(count)));
}

/**
 * The grouped notifications of one user, answered like the server would: the groups (all, or unread
 * only), and marking one group or all read, which the list reflects afterwards. Returns the paths of
 * those marks.
 */
export function serveNotificationGroups(groups: NotificationGroup[]) {
  const items = groups.map((item) => ({ ...item }));
  const marks: string[] = [];
  server.use(
    http.get('/api/notifications/groups', ({ request }) => {
      const unreadOnly = new URL(request.url).searchParams.get('unreadOnly') === 'true';
      return HttpResponse.json(pageOf(unreadOnly ? items.filter((item) => !item.isRead) : items));
    }),
    http.patch('/api/notifications/read-all', ({ request }) => {
      marks.push(new URL(request.url).pathname);
      for (const item of items) item.isRead = true;
      return HttpResponse.json({ success: true, message: 'All notifications marked as read' });
    }),
    http.post('/api/notifications/groups/:key/read', ({ request, params }) => {
      marks.push(new URL(request.url).pathname);
      for (const item of items) if (item.key === params.key) item.isRead = true;
      return HttpResponse.json({ success: true, message: 'Notifications marked as read', marked: 1 });
    }),
  );
  return marks;
}

const encoder = new TextEncoder();

/**
 * An open Server-Sent Events answer: `send` writes events into it, `end` closes it (as a server
 * restart would). Stays open until the client goes away or `end` is called.
 */
export function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const pending: string[] = [];
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      for (const chunk of pending.splice(0)) controller.enqueue(encoder.encode(chunk));
    },
  });
  const write = (chunk: string) => {
    if (controller) controller.enqueue(encoder.encode(chunk));
    else pending.push(chunk);
  };
  return {
    response: () => new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send(event: string, data: unknown, id?: number) {
      write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    /** Asks the client to reconnect after `ms` rather than the default 3 s. */
    retryAfter: (ms: number) => write(`retry: ${ms}\n\n`),
    end: () => controller?.close(),
  };
}
