import type {
  NotificationGroup,
  NotificationPreferences,
  NotificationPreferencesChange,
  Page,
} from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

export function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return apiRequest('/api/notifications/unread/count', { signal });
}

export function fetchNotificationGroups(
  unreadOnly: boolean,
  page: number,
  signal?: AbortSignal,
): Promise<Page<NotificationGroup>> {
  return apiRequest(`/api/notifications/groups?${pageQuery(page, { unreadOnly: String(unreadOnly) })}`, {
    signal,
  });
}

export function markNotificationGroupRead(key: string): Promise<unknown> {
  return apiRequest(`/api/notifications/groups/${encodeURIComponent(key)}/read`, { method: 'POST' });
}

export function markAllNotificationsRead(): Promise<unknown> {
  return apiRequest('/api/notifications/read-all', { method: 'PATCH' });
}

export function fetchNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest('/api/notifications/preferences', { signal });
}

export function saveNotificationPreferences(
  body: NotificationPreferencesChange,
): Promise<NotificationPreferences> {
  return apiRequest('/api/notifications/preferences', { method: 'PUT', body });
}
