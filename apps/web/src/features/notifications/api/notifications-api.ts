import type { Notification, Page } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

export function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return apiRequest('/api/notifications/unread/count', { signal });
}

export function fetchNotifications(
  unreadOnly: boolean,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Notification>> {
  return apiRequest(`/api/notifications?${pageQuery(page, { unreadOnly: String(unreadOnly) })}`, { signal });
}

export function markNotificationRead(id: number): Promise<Notification> {
  return apiRequest(`/api/notifications/${id}/read`, { method: 'PATCH' });
}

export function markAllNotificationsRead(): Promise<unknown> {
  return apiRequest('/api/notifications/read-all', { method: 'PATCH' });
}
