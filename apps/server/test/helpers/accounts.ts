import type { CurrentUser } from '@pathwise/contract';
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
