import type {
  FollowResult,
  FollowStatus,
  OwnProfile,
  Page,
  ProfilePictureResponse,
  ProfileUpdateInput,
  RemoteFollower,
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

/** Who follows the user from other servers (federation), apart from the followers list. */
export function fetchRemoteFollowerPage(
  userId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Page<RemoteFollower>> {
  return apiRequest(`/api/users/${userId}/followers/remote?${pageQuery(page)}`, { signal });
}

/** Removes one of the signed-in person's followers elsewhere: their server gets a Reject of the follow. */
export function removeRemoteFollower(id: number): Promise<void> {
  return apiRequest<void>(`/api/users/me/followers/remote/${id}`, { method: 'DELETE' });
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
