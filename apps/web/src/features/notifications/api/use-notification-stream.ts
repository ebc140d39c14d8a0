import { NOTIFICATION_STREAM, type Notification, STORAGE_KEYS } from '@pathwise/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { EventSource as EventSourceClass } from 'eventsource';
import { useEffect, useRef } from 'react';
import { apiUrl } from '../../../lib/api-client';
import { notificationListsKey, unreadCountKey } from './queries';

const storedToken = () => localStorage.getItem(STORAGE_KEYS.authToken);

/**
 * The stream and its events applied to the query cache, over as many connections as it takes.
 * The browser's own EventSource cannot send the bearer token, so this one fetches with it, read at
 * each connection: after the server ends a stream (its token expired), the reconnection signs in
 * with the token stored since, if any. Every event's id is the server's cursor, sent back as
 * Last-Event-ID, so a reconnection, or a new connection after a refusal, gets what was missed.
 */
function createNotificationStream(
  queryClient: QueryClient,
  onNotification: (notification: Notification) => void,
) {
  const { events } = NOTIFICATION_STREAM;
  let source: EventSourceClass | undefined;
  let closed = false;
  let cursor: string | null = null;

  const remember = (event: MessageEvent) => {
    if (event.lastEventId) cursor = event.lastEventId;
  };

  async function connect() {
    // Loaded apart: the stream may start a moment after the page's first paint, which needs none of it.
    const { EventSource } = await import('eventsource');
    if (closed) return;
    let sentToken: string | null = null;
    const connection = new EventSource(apiUrl('/api/notifications/stream'), {
      fetch: (url, init) => {
        sentToken = storedToken();
        return fetch(url, {
          ...init,
          headers: {
            ...init.headers,
            ...(cursor && { 'Last-Event-ID': cursor }),
            ...(sentToken && { Authorization: `Bearer ${sentToken}` }),
          },
        });
      },
    });
    source = connection;
    connection.addEventListener(events.unreadCount, (event) => {
      remember(event);
      // Newer than any count request still on its way, whose answer must not overwrite it.
      const count = Number(event.data);
      void queryClient
        .cancelQueries({ queryKey: unreadCountKey })
        .then(() => queryClient.setQueryData(unreadCountKey, count));
    });
    connection.addEventListener(events.notification, (event) => {
      remember(event);
      void queryClient.invalidateQueries({ queryKey: notificationListsKey });
      const notification = parseNotification(event.data);
      if (notification) onNotification(notification);
    });
    connection.addEventListener(events.resync, (event) => {
      // More was missed than the server replays: the lists are read again.
      remember(event);
      void queryClient.invalidateQueries({ queryKey: notificationListsKey });
    });
    connection.addEventListener('error', (event) => {
      if (event.code !== 401) return;
      const current = storedToken();
      // Signed in again meanwhile (in another tab, say): the stream signs in with the new token.
      if (current && current !== sentToken) void connect();
      // A refused session: the count request then meets the same 401 and applies the spec's policy.
      else void queryClient.invalidateQueries({ queryKey: unreadCountKey });
    });
  }

  void connect();
  return {
    close() {
      closed = true;
      source?.close();
    },
  };
}

/** An event's notification, or null for data that is not one (the lists are read again anyway). */
function parseNotification(data: string): Notification | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' && 'message' in value ? (value as Notification) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the unread count and the notification lists live while mounted, from the server's event
 * stream, and tells `onNotification` of each new notification as it arrives.
 */
export function useNotificationStream(onNotification: (notification: Notification) => void) {
  const queryClient = useQueryClient();
  // The latest callback, without opening a new connection whenever the caller re-renders.
  const notify = useRef(onNotification);
  notify.current = onNotification;

  useEffect(() => {
    const stream = createNotificationStream(queryClient, (notification) => notify.current(notification));
    return () => stream.close();
  }, [queryClient]);
}
