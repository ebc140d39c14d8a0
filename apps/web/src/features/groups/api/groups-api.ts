import type {
  Group,
  GroupActivityPage,
  GroupBoard,
  GroupBoardSort,
  GroupBody,
  GroupPage,
  GroupPost,
  GroupPostBody,
  GroupPostPage,
  GroupRemovalPage,
  SortDirection,
} from '@pathwise/contract';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

export function createGroup(body: GroupBody) {
  return apiRequest<Group>('/api/groups', { method: 'POST', body });
}

export function fetchGroup(id: number, invite: string | null, signal?: AbortSignal) {
  const query = invite ? `?${new URLSearchParams({ invite })}` : '';
  return apiRequest<Group>(`/api/groups/${id}${query}`, { signal });
}

export function fetchMyGroups(page: number, signal?: AbortSignal) {
  return apiRequest<GroupPage>(`/api/groups?${pageQuery(page)}`, { signal });
}

/** The progress board's order, as the page's URL keeps it. */
export type BoardOrder = { sort: GroupBoardSort; direction: SortDirection };

export function fetchBoard(id: number, page: number, order: BoardOrder, signal?: AbortSignal) {
  return apiRequest<GroupBoard>(`/api/groups/${id}/progress?${pageQuery(page, order)}`, { signal });
}

export function joinGroup(id: number, inviteToken: string | null) {
  return apiRequest<Group>(`/api/groups/${id}/members`, {
    method: 'POST',
    body: inviteToken ? { inviteToken } : {},
  });
}

export function leaveGroup(id: number) {
  return apiRequest<void>(`/api/groups/${id}/members`, { method: 'DELETE' });
}

export function removeMember(id: number, userId: number) {
  return apiRequest<void>(`/api/groups/${id}/members/${userId}`, { method: 'DELETE' });
}

export function fetchRemovals(id: number, page: number, signal?: AbortSignal) {
  return apiRequest<GroupRemovalPage>(`/api/groups/${id}/removals?${pageQuery(page)}`, { signal });
}

export function liftRemoval(id: number, userId: number) {
  return apiRequest<void>(`/api/groups/${id}/removals/${userId}`, { method: 'DELETE' });
}

export function setMemberRole(id: number, userId: number, role: 'ORGANISER' | 'MEMBER') {
  return apiRequest<{ role: string }>(`/api/groups/${id}/members/${userId}/role`, {
    method: 'PUT',
    body: { role },
  });
}

export function renewInvite(id: number) {
  return apiRequest<{ inviteToken: string }>(`/api/groups/${id}/invite`, { method: 'POST' });
}

export function revokeInvite(id: number) {
  return apiRequest<void>(`/api/groups/${id}/invite`, { method: 'DELETE' });
}

export function fetchGroupPosts(id: number, page: number, signal?: AbortSignal) {
  return apiRequest<GroupPostPage>(`/api/groups/${id}/posts?${pageQuery(page)}`, { signal });
}

/** As JSON; with files, multipart: the body as the `post` part, the files as `files` parts. */
export function postInGroup(
  id: number,
  body: GroupPostBody,
  files: readonly File[] = [],
  onProgress?: (sentShare: number) => void,
) {
  const path = `/api/groups/${id}/posts`;
  if (files.length === 0) return apiRequest<GroupPost>(path, { method: 'POST', body });
  const form = new FormData();
  form.append('post', new Blob([JSON.stringify(body)], { type: 'application/json' }));
  for (const file of files) form.append('files', file);
  return apiUpload<GroupPost>(path, { body: form, onProgress });
}

export function deleteGroupPost(id: number, postId: number) {
  return apiRequest<void>(`/api/groups/${id}/posts/${postId}`, { method: 'DELETE' });
}

export function fetchGroupActivity(id: number, page: number, signal?: AbortSignal) {
  return apiRequest<GroupActivityPage>(`/api/groups/${id}/activity?${pageQuery(page)}`, { signal });
}

export function fetchUserGroups(userId: number, page: number, signal?: AbortSignal) {
  return apiRequest<GroupPage>(`/api/users/${userId}/groups?${pageQuery(page)}`, { signal });
}
