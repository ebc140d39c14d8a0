import type {
  FollowResult,
  FollowStatus,
  OwnProfile,
  Page,
  ProfilePictureResponse,
  ProfileUpdateInput,
  UserListItem,
  UserProfile,
} from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

/** Which list of a user the followers/following dialog shows. */
export type FollowDirection = 'followers' | 'following';

/** Profile and follow calls carry a `_t` timestamp so no cache answers them. */
const fresh = (path: string) => `${path}?_t=${Date.now()}`;

export function fetchProfile(userId: number, signal?: AbortSignal): Promise<UserProfile> {
  return apiRequest(fresh(`/api/users/${userId}`), { signal });
}

export function fetchProfileByHandle(handle: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiRequest(fresh(`/api/users/by-handle/${encodeURIComponent(handle)}`), { signal });
}

export function fetchFollowStatus(userId: number): Promise<FollowStatus> {
  return apiRequest(fresh(`/api/users/${userId}/follow/status`));
}

export function setFollowing(userId: number, follow: boolean): Promise<FollowResult> {
  return apiRequest(fresh(`/api/users/${userId}/follow`), { method: follow ? 'POST' : 'DELETE' });
}

export function fetchFollowPage(
  userId: number,
  direction: FollowDirection,
  page: number,
  signal?: AbortSignal,
): Promise<Page<UserListItem>> {
  return apiRequest(`/api/users/${userId}/${direction}?${pageQuery(page)}`, { signal });
}

export function updateProfile(
  userId: number,
  body: ProfileUpdateInput & { id: number },
): Promise<OwnProfile> {
  return apiRequest(`/api/users/${userId}`, { method: 'PUT', body });
}

export function uploadProfilePicture(file: File): Promise<ProfilePictureResponse> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/api/users/profile-picture', { method: 'POST', body: form });
}
