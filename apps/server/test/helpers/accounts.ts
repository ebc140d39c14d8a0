import type { CurrentUser } from '@pathwise/contract';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

let sequence = 0;

export type TestAccount = { token: string; user: CurrentUser; password: string };

/** Signs a new user up through the API and returns its token and profile. */
export async function signUp(
  { app }: Pick<TestApp, 'app'>,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<TestAccount> {
  sequence++;
  const password = fields.password ?? 'correct horse battery';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      name: fields.name ?? `User ${sequence}`,
      email: fields.email ?? `user${sequence}.${process.pid}@example.com`,
      password,
    },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const token = signup.json().accessToken as string;
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return { token, user: me.json(), password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Deletes the account's row by hand in SQL, then waits until the app refuses its token: the app's
 * session cache hears of it through the trigger's NOTIFY, which on a PostgreSQL server may arrive
 * after the next request has been answered.
 */
export async function deleteByHand(t: Pick<TestApp, 'app' | 'db'>, account: TestAccount): Promise<void> {
  await t.db.delete(users).where(eq(users.id, account.user.id));
  await vi.waitFor(
    async () => {
      // Not /api/auth/me, which reads the account itself: a route that only checks the session shows
      // when this process's session cache has heard of the deletion.
      const res = await t.app.inject({ url: '/api/notifications', headers: bearer(account.token) });
      if (res.statusCode !== 401) throw new Error(`the deleted account's token still gets ${res.statusCode}`);
    },
    { timeout: 5_000, interval: 20 },
  );
}
