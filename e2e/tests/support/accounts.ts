import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_JWT_SECRET, E2E_MODERATOR_EMAIL } from '../../settings.mjs';

export type Account = { id: number; name: string; email: string; password: string; token: string };

export const uniqueEmail = (prefix = 'user') => `${prefix}.${randomBytes(5).toString('hex')}@example.com`;

/**
 * Signs a user up through the API (faster than the form when the form is not what is tested). The account
 * has hidden its first steps, as someone who has been around would have, so the home page greets it
 * "Welcome back" without the checklist; `{ newcomer: true }` keeps it as new as a real sign-up.
 */
export async function createAccount(
  request: APIRequestContext,
  name = 'Test User',
  { newcomer = false } = {},
): Promise<Account> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '.'));
  const password = 'correct horse';
  const signup = await request.post('/api/auth/signup', { data: { name, email, password } });
  if (!signup.ok()) throw new Error(`signup failed: ${signup.status()} ${await signup.text()}`);
  const { accessToken } = await signup.json();
  const headers = { authorization: `Bearer ${accessToken}` };
  if (!newcomer) {
    const hidden = await request.put('/api/users/me/first-steps', { headers, data: { dismissed: true } });
    if (!hidden.ok())
      throw new Error(`hiding the first steps failed: ${hidden.status()} ${await hidden.text()}`);
  }
  const me = await request.get('/api/auth/me', { headers });
  return { id: (await me.json()).id, name, email, password, token: accessToken };
}

/** Opens the app already signed in as `account` (the token is where the app keeps it). */
export async function signInAs(page: Page, account: Account, path = '/') {
  await page.addInitScript((token) => {
    if (!window.sessionStorage.getItem('e2e-signed-in')) {
      window.localStorage.setItem('authToken', token);
      window.sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, account.token);
  await page.goto(path);
}

/** A token that was valid for `userId` but has expired, as a real session eventually does. */
export function expiredToken(userId: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('pathwise')
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/** Calls the API as `account`. */
export const authHeaders = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** The moderator of the E2E server (ADMIN_EMAILS), signed up on first use and signed in after. */
export async function moderatorAccount(request: APIRequestContext): Promise<Account> {
  const password = 'moderator password';
  const credentials = { email: E2E_MODERATOR_EMAIL, password };
  let response = await request.post('/api/auth/login', { data: credentials });
  if (!response.ok()) {
    response = await request.post('/api/auth/signup', { data: { name: 'Mo Derator', ...credentials } });
  }
  expect(response.ok(), await response.text()).toBe(true);
  const { accessToken } = await response.json();
  const headers = { authorization: `Bearer ${accessToken}` };
  // Like createAccount's accounts, the moderator has been around: no first steps on its home page.
  const hidden = await request.put('/api/users/me/first-steps', { headers, data: { dismissed: true } });
  expect(hidden.ok(), await hidden.text()).toBe(true);
  const me = await (await request.get('/api/auth/me', { headers })).json();
  return { id: me.id, name: me.name, email: E2E_MODERATOR_EMAIL, password, token: accessToken };
}
