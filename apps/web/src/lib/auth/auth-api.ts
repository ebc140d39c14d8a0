import type {
  ChangePasswordBody,
  CurrentUser,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  ResetPasswordBody,
  SignupBody,
  TokenResponse,
} from '@pathwise/contract';
import { apiRequest } from '../api-client';

export function login(body: LoginBody): Promise<TokenResponse> {
  return apiRequest('/api/auth/login', { method: 'POST', body, signInAttempt: true });
}

export function signup(body: SignupBody): Promise<TokenResponse> {
  return apiRequest('/api/auth/signup', { method: 'POST', body, signInAttempt: true });
}

export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiRequest('/api/auth/me', { signal });
}

/**
 * The user of a token social sign-in just handed over: a refusal is a failed sign-in, not an expired session.
 */
export function fetchUserOfNewToken(): Promise<CurrentUser> {
  return apiRequest('/api/auth/me', { signInAttempt: true });
}

export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/auth/password/forgot', { method: 'POST', body });
}

/**
 * Resolves if the reset link still works; rejects with the server's reason (404 unknown, 410 used or
 * expired).
 */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<void> {
  return apiRequest(`/api/auth/password/reset?token=${encodeURIComponent(token)}`, { signal });
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/auth/password/reset', { method: 'POST', body });
}

/** Answers the token that replaces this device's: every earlier one is refused from now on. */
export function changePassword(body: ChangePasswordBody): Promise<TokenResponse> {
  return apiRequest('/api/auth/password/change', { method: 'POST', body });
}

/** Answers the token that replaces this device's: every earlier one is refused from now on. */
export function signOutEverywhere(): Promise<TokenResponse> {
  return apiRequest('/api/auth/sign-out-everywhere', { method: 'POST' });
}
