import { type NotificationGroup, type Page, UNREAD_COUNT_POLL_MS } from '@pathwise/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mapPagedItems, type Pages, usePagedList } from '../../../lib/paged-list';
import {
  fetchNotificationGroups,
  fetchUnreadCount,
  markAllNotificationsRead,
  markNotificationGroupRead,
} from './notifications-api';

export const unreadCountKey = ['notifications', 'unread-count'] as const;
export const notificationListsKey = ['notifications', 'list'] as const;

/** Fetched on mount and polled every 60 s; a failure is only logged and the last count stays. */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: async ({ signal }) => {
      try {
        return await fetchUnreadCount(signal);
      } catch (error) {
        console.warn('Could not load the unread notification count.', error);
        throw error;
      }
    },
    refetchInterval: UNREAD_COUNT_POLL_MS,
    retry: false,
  });
}

/**
 * The notifications grouped (docs/features.md, "Grouped notifications"); the stream's events read them again.
 */
export function useNotificationGroups(unreadOnly: boolean) {
  return usePagedList({
    queryKey: [...notificationListsKey, 'groups', { unreadOnly }],
    fetchPage: (page, signal) => fetchNotificationGroups(unreadOnly, page, signal),
  });
}

/** Marks cached groups read (all of them, or those `isMarked` picks). */
function markCachedRead(queryClient: QueryClient, isMarked: (group: NotificationGroup) => boolean) {
  queryClient.setQueriesData<Pages<Page<NotificationGroup>>>(
    { queryKey: notificationListsKey },
    (data) => data && mapPagedItems(data, (item) => (isMarked(item) ? { ...item, isRead: true } : item)),
  );
}

/** The server is the judge after a failed mark: it is only logged, and the cache resynchronised. */
function resynchronise(queryClient: QueryClient, error: unknown) {
  console.warn('Could not mark notifications as read.', error);
  void queryClient.invalidateQueries({ queryKey: ['notifications'] });
}

/**
 * Opening an unread group marks all of it read in one request; the unread count
 * drops by as many notifications as it holds, not below 0. Lists are then reloaded: read, the group's
 * notifications are listed one by one.
 */
export function useMarkGroupRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: NotificationGroup) => markNotificationGroupRead(group.key),
    onMutate: (group) => {
      markCachedRead(queryClient, (item) => item.key === group.key);
      queryClient.setQueryData<number>(unreadCountKey, (count) => Math.max(0, (count ?? 0) - group.count));
    },
    onError: (error) => resynchronise(queryClient, error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationListsKey }),
  });
}

/** 'Mark All as Read': every notification read and the count at 0 at once; lists are then reloaded. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      markCachedRead(queryClient, () => true);
      queryClient.setQueryData<number>(unreadCountKey, 0);
    },
    onError: (error) => resynchronise(queryClient, error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationListsKey }),
  });
}
