import { type Notification, PAGE_SIZE, type Page } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';

export function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return apiRequest('/api/notifications/unread/count', { signal });
}

export function fetchNotifications(
  unreadOnly: boolean,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Notification>> {
  return apiRequest(`/api/notifications?unreadOnly=${unreadOnly}&page=${page}&size=${PAGE_SIZE.default}`, {
    signal,
  });
}

export function markNotificationRead(id: number): Promise<Notification> {
  return apiRequest(`/api/notifications/${id}/read`, { method: 'PATCH' });
}

export function markAllNotificationsRead(): Promise<unknown> {
  return apiRequest('/api/notifications/read-all', { method: 'PATCH' });
}
