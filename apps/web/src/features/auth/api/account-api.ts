import type { ChangeEmailBody, DeleteAccountBody, MessageResponse } from '@pathwise/contract';
import { apiDownload, apiRequest } from '../../../lib/api-client';

/** Mails a confirmation link to the new address; the response says where it went. */
export function changeEmail(body: ChangeEmailBody): Promise<MessageResponse> {
  return apiRequest('/api/auth/email/change', { method: 'POST', body });
}

export function confirmEmail(token: string): Promise<MessageResponse> {
  return apiRequest('/api/auth/email/confirm', { method: 'POST', body: { token } });
}

/** The ZIP of everything the signed-in person made. */
export function downloadMyData(): Promise<Blob> {
  return apiDownload('/api/account/export');
}

export function deleteAccount(body: DeleteAccountBody): Promise<MessageResponse> {
  return apiRequest('/api/account/delete', { method: 'POST', body });
}
