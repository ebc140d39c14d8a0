import type { CurrentUser, LoginBody, SignupBody, TokenResponse } from '@pathwise/contract';
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

/** The user of a token social sign-in just handed over: a refusal is a failed sign-in, not an expired session. */
export function fetchUserOfNewToken(): Promise<CurrentUser> {
  return apiRequest('/api/auth/me', { signInAttempt: true });
}
