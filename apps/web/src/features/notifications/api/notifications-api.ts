import type {
  NotificationGroup,
  NotificationPreferences,
  NotificationPreferencesChange,
  Page,
  PushDevice,
  PushSubscriptionCreate,
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

export function fetchPushPublicKey(signal?: AbortSignal): Promise<{ publicKey: string }> {
  return apiRequest('/api/notifications/push/public-key', { signal });
}

export function fetchPushDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  return apiRequest('/api/notifications/push/subscriptions', { signal });
}

export function addPushDevice(body: PushSubscriptionCreate): Promise<PushDevice> {
  return apiRequest('/api/notifications/push/subscriptions', { method: 'POST', body });
}

export function removePushDevice(id: number): Promise<unknown> {
  return apiRequest(`/api/notifications/push/subscriptions/${id}`, { method: 'DELETE' });
}
