import { expect } from '@playwright/test';
import { E2E_MODERATOR_EMAIL } from '../../settings.mjs';
import type { Account, createAccount } from './accounts';

/** The moderator of the E2E server (ADMIN_EMAILS), signed up on first use and signed in after. */
export async function moderatorAccount(request: Parameters<typeof createAccount>[0]): Promise<Account> {
  const password = 'moderator password';
  const credentials = { email: E2E_MODERATOR_EMAIL, password };
  let answer = await request.post('/api/auth/login', { data: credentials });
  if (!answer.ok()) {
    answer = await request.post('/api/auth/signup', { data: { name: 'Mo Derator', ...credentials } });
  }
  expect(answer.ok(), await answer.text()).toBe(true);
  const { accessToken } = await answer.json();
  const me = await (
    await request.get('/api/auth/me', { headers: { authorization: `Bearer ${accessToken}` } })
  ).json();
  return { id: me.id, name: me.name, email: E2E_MODERATOR_EMAIL, password, token: accessToken };
}
