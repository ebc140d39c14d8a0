import { NOTIFICATION_STREAM, STORAGE_KEYS } from '@pathwise/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from '../../../lib/api-client';
import { notificationListsKey, unreadCountKey } from './queries';

/** Opens the stream and applies its events to the query cache. */
async function openStream(queryClient: QueryClient) {
  // Loaded apart: the stream may start a moment after the page's first paint, which needs none of it.
  const { EventSource } = await import('eventsource');
  const { events } = NOTIFICATION_STREAM;
  const source = new EventSource(apiUrl('/api/notifications/stream'), {
    fetch: (url, init) => {
      const token = localStorage.getItem(STORAGE_KEYS.authToken);
      return fetch(url, {
        ...init,
        headers: { ...init.headers, ...(token && { Authorization: `Bearer ${token}` }) },
      });
    },
  });
  source.addEventListener(events.unreadCount, (event) => {
    // Newer than any count request still on its way, whose answer must not overwrite it.
    const count = Number(event.data);
    void queryClient
      .cancelQueries({ queryKey: unreadCountKey })
      .then(() => queryClient.setQueryData(unreadCountKey, count));
  });
  source.addEventListener(events.notification, () => {
    void queryClient.invalidateQueries({ queryKey: notificationListsKey });
  });
  source.addEventListener('error', (event) => {
    // A refused session: the count request then meets the same 401 and applies the spec's policy.
    if (event.code === 401) void queryClient.invalidateQueries({ queryKey: unreadCountKey });
  });
  return source;
}

/**
 * Keeps the unread count and the notification lists live while mounted, from the server's event
 * stream. The browser's own EventSource cannot send the bearer token, so this one fetches with it
 * (read at each connection); it reconnects by itself after a dropped connection, sending the id of
 * the last notification received (Last-Event-ID) so the server replays what was missed.
 */
export function useNotificationStream() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const opening = openStream(queryClient);
    return () => {
      void opening.then((source) => source.close());
    };
  }, [queryClient]);
}
