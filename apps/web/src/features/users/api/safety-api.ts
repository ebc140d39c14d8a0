import type {
  BlockStatus,
  MuteStatus,
  Page,
  PrivacySettings,
  PrivacySettingsUpdate,
  RestrictedUser,
} from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

/**
 * Blocking hides each side's content from the other; muting hides someone's posts and notifications from you.
 */
export type Restriction = 'block' | 'mute';

export function setRestricted(
  userId: number,
  kind: Restriction,
  on: boolean,
): Promise<BlockStatus | MuteStatus> {
  return apiRequest(`/api/users/${userId}/${kind}`, { method: on ? 'PUT' : 'DELETE' });
}

export function fetchRestricted(
  kind: Restriction,
  page: number,
  signal?: AbortSignal,
): Promise<Page<RestrictedUser>> {
  return apiRequest(`/api/users/me/${kind === 'block' ? 'blocks' : 'mutes'}?${pageQuery(page)}`, { signal });
}

export function fetchPrivacy(signal?: AbortSignal): Promise<PrivacySettings> {
  return apiRequest('/api/users/me/privacy', { signal });
}

export function savePrivacy(body: PrivacySettingsUpdate): Promise<PrivacySettings> {
  return apiRequest('/api/users/me/privacy', { method: 'PUT', body });
}
