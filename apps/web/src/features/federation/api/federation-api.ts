import type { RemoteAccount, RemoteFollowResponse } from '@pathwise/contract';
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
