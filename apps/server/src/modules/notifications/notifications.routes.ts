import {
  groupReadResponse,
  NOTIFICATION_STREAM,
  notification,
  notificationGroupKeyParams,
  notificationGroupPage,
  notificationIdParams,
  notificationListQuery,
  notificationPage,
  notificationPreferences,
  notificationPreferencesChange,
  readAllResponse,
  unreadCount,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerExpiryMs } from '../../lib/bearer-expiry.js';
import { openEventStream } from '../../lib/event-stream.js';
import { failures, readResponse, routeOptions } from '../../lib/route-schema.js';
import { sentNoCredentials, viewerOf } from '../../lib/viewer.js';
import type { LiveNotifications } from './notifications.live.js';
import { type NotificationsService, toNotification } from './notifications.service.js';
import { createResumableStream } from './notifications.stream.js';
import type { NotificationPreferencesService } from './preferences.service.js';

type NotificationRoutesOptions = {
  notifications: NotificationsService;
  preferences: NotificationPreferencesService;
  live: LiveNotifications;
};

const route = routeOptions(['notifications']);

/** `Last-Event-ID` of a reconnecting stream: the cursor of the last event it received. */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  return typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;
}

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { notifications, preferences, live },
) => {
  app.get(
    '/preferences',
    route('Which notifications reach the signed-in user, and how', {
      description:
        'For every type, whether it reaches the person in the app, by push and in the e-mail digest; ' +
        'how often the digest comes; whether notifications from people they do not follow are made. ' +
        'Someone who never changed anything gets the defaults.',
      response: { 200: notificationPreferences },
    }),
    async (request) => preferences.get(viewerOf(request)),
  );

  app.put(
    '/preferences',
    route("Changes the signed-in user's notification preferences", {
      description:
        'Send only what changes (e.g. `{"types": {"LIKE": {"inApp": false}}}`); an unknown key is a 400. ' +
        'Answers the preferences as they now are. A type turned off in the app, or a person not ' +
        'followed while `fromPeopleYouDontFollow` is MUTE, makes no notification at all.',
      body: notificationPreferencesChange,
      response: { 200: notificationPreferences, ...failures(400) },
    }),
    async (request) => preferences.change(viewerOf(request), request.body),
  );

  app.get(
    '/',
    route("The signed-in user's notifications, newest first", {
      querystring: notificationListQuery,
      response: { 200: notificationPage, ...failures(400) },
    }),
    async (request) => notifications.list(viewerOf(request), request.query),
  );

  app.get(
    '/groups',
    route("The signed-in user's notifications grouped, newest first", {
      description:
        'Unread notifications of one kind about one thing are one group ("Ann Lee and 3 others liked ' +
        'your post"); unread follows are one group ("5 new followers"); a read notification is a ' +
        'group of its own. Paged by group.',
      querystring: notificationListQuery,
      response: { 200: notificationGroupPage, ...failures(400) },
    }),
    async (request) => notifications.listGroups(viewerOf(request), request.query),
  );

  app.post(
    '/groups/:key/read',
    route('Marks every notification of one of your groups read', {
      params: notificationGroupKeyParams,
      response: readResponse(groupReadResponse),
    }),
    async (request) => notifications.markGroupRead(viewerOf(request), request.params.key),
  );

  app.get(
    '/unread/count',
    route('How many notifications the signed-in user has not read (a bare number)', {
      description:
        'A caller without any token gets 0 (a visitor has nothing to read; clients poll this while ' +
        'signed out); an invalid or expired token gets 401.',
      response: { 200: unreadCount, ...failures(401) },
    }),
    async (request) => (sentNoCredentials(request) ? 0 : notifications.unreadCount(viewerOf(request))),
  );

  app.patch(
    '/read-all',
    route("Marks all the signed-in user's notifications read", {
      response: { 200: readAllResponse },
    }),
    async (request) => notifications.markAllRead(viewerOf(request)),
  );

  app.patch(
    '/:id/read',
    route('Marks one of your notifications read', {
      params: notificationIdParams,
      response: readResponse(notification),
    }),
    async (request) => notifications.markRead(viewerOf(request), request.params.id),
  );

  app.get(
    '/stream',
    {
      compress: false,
      ...route('Live notifications and unread count (Server-Sent Events)', {
        description:
          'Events `notification` (a notification; event id = its id), `unread-count` (a number, sent on ' +
          'connect and on every change) and `resync` (more were missed than are replayed: refetch); a ' +
          'comment line as heartbeat. Every event id is the id of the newest notification delivered: ' +
          'reconnect with `Last-Event-ID` to receive what was missed, in order, once. The stream ends ' +
          'when the bearer token expires.',
      }),
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const stream = openEventStream(reply, NOTIFICATION_STREAM);
      // The server, not the client, decides when a session is over: the stream ends with its token.
      const expiresAt = bearerExpiryMs(request);
      if (expiresAt !== null) stream.closeAt(expiresAt);
      const resumable = createResumableStream({
        stream,
        catchUp: (afterId) => notifications.catchUp(viewer.id, afterId),
        toNotification: (row) => toNotification(viewer.mediaUrl, row),
        onError: (error) => request.log.error({ err: error }, 'notification stream could not catch up'),
      });
      // Subscribed before catching up, so nothing committed from now on is missed.
      stream.onClose(live.subscribe(viewer.id, resumable));
      resumable.start(lastEventIdOf(request.headers['last-event-id']));
    },
  );
};
