import type { LikeResponse, RemoteAccount, RemoteFollowResponse, RemotePostReply } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/federation/follows`: sends a Follow to `account` (their profile's address). */
export function followRemote(account: string): Promise<RemoteFollowResponse> {
  return apiRequest('/api/federation/follows', { method: 'POST', body: { account } });
}

/** `DELETE /api/federation/follows/{id}`: an Undo of the Follow goes to their server. */
export function unfollowRemote(id: number): Promise<void> {
  return apiRequest(`/api/federation/follows/${id}`, { method: 'DELETE' });
}

/** `GET /api/federation/accounts/{id}`: whether their server has answered the follow yet. */
export function fetchRemoteAccount(id: number, signal?: AbortSignal): Promise<RemoteAccount> {
  return apiRequest(`/api/federation/accounts/${id}`, { signal });
}

/**
 * `PUT`/`DELETE /api/federation/accounts/{id}/block|mute`: blocks or mutes someone on another server for
 * the viewer, or lifts it; answers the account as the viewer now sees it.
 */
export function restrictRemote(id: number, what: 'block' | 'mute', on: boolean): Promise<RemoteAccount> {
  return apiRequest(`/api/federation/accounts/${id}/${what}`, { method: on ? 'PUT' : 'DELETE' });
}

/** `PUT`/`DELETE /api/federation/posts/{id}/like`: a Like, or its Undo, goes to the post's server. */
export function likeRemotePost(id: number, on: boolean): Promise<LikeResponse> {
  return apiRequest(`/api/federation/posts/${id}/like`, { method: on ? 'PUT' : 'DELETE' });
}

/** `POST /api/federation/posts/{id}/replies`: the reply goes to the post's server as a Note. */
export function replyToRemotePost(id: number, content: string): Promise<RemotePostReply> {
  return apiRequest(`/api/federation/posts/${id}/replies`, { method: 'POST', body: { content } });
}

/** `PUT /api/federation/posts/{id}/replies/{replyId}`: the edit goes to the post's server as an Update. */
export function editRemotePostReply(id: number, replyId: number, content: string): Promise<RemotePostReply> {
  return apiRequest(`/api/federation/posts/${id}/replies/${replyId}`, { method: 'PUT', body: { content } });
}

/** `DELETE /api/federation/posts/{id}/replies/{replyId}`: their server is asked to delete its copy. */
export function deleteRemotePostReply(id: number, replyId: number): Promise<void> {
  return apiRequest(`/api/federation/posts/${id}/replies/${replyId}`, { method: 'DELETE' });
}
