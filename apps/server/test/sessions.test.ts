import { AUTH_MESSAGES } from '@pathwise/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/lib/tokens.js';
import { insertAccount } from '../src/modules/users/accounts.service.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const signOutEverywhere = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: bearer(token) });
const changePassword = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/change', headers: bearer(token), payload });

describe('sign out everywhere', () => {
  it('refuses with 401 every token issued before, and returns a new one for this device', async () => {
    const ann = await signUp(t);
    const laptop = (await login(ann.user.email, ann.password)).json().accessToken as string;
    const res = await signOutEverywhere(ann.token);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().accessToken as string;

    for (const old of [ann.token, laptop]) {
      const refused = await me(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(AUTH_MESSAGES.unauthenticated);
    }
    expect((await me(fresh)).json().id).toBe(ann.user.id);
    // Signing in again gives a token that works.
    const again = (await login(ann.user.email, ann.password)).json().accessToken as string;
    expect((await me(again)).statusCode).toBe(200);
  });

  it('leaves other users signed in', async () => {
    const [ann, bob] = [await signUp(t), await signUp(t)];
    await signOutEverywhere(ann.token);
    expect((await me(bob.token)).statusCode).toBe(200);
  });

  it('keeps tokens issued before token versions existed working until the first sign-out everywhere', async () => {
    const ann = await signUp(t);
    // As signed before this change: no version claim.
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(ann.user.id))
      .setIssuer('pathwise')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(testConfig.jwtSecret));
    expect((await me(legacy)).json().id).toBe(ann.user.id);
    await signOutEverywhere(ann.token);
    expect((await me(legacy)).statusCode).toBe(401);
  });

  it('refuses a token claiming a version higher than the account’s', async () => {
    const ann = await signUp(t);
    const tokens = createTokenService(testConfig.jwtSecret, 3600);
    const ahead = await tokens.sign(ann.user.id, 1);
    const refused = await me(ahead);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AUTH_MESSAGES.unauthenticated);
    expect((await me(await tokens.sign(ann.user.id, 0))).json().id).toBe(ann.user.id);
  });

  it('checks the version in the one statement that already loads the token’s account', async () => {
    const ann = await signUp(t);
    const { statements } = await t.queries.count(() => me(ann.token));
    // The route itself reads the profile once.
    expect(statements).toBe(1);
  });
});

describe('change password', () => {
  it('needs the current password, then ends the other sessions and signs in with the new one', async () => {
    const ann = await signUp(t);
    const missing = await changePassword(ann.token, { newPassword: 'a new password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'currentPassword', message: AUTH_MESSAGES.currentPasswordRequired },
    ]);
    const wrong = await changePassword(ann.token, {
      currentPassword: 'not it',
      newPassword: 'a new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.currentPasswordWrong);
    expect((await me(ann.token)).statusCode).toBe(200);

    const res = await changePassword(ann.token, {
      currentPassword: ann.password,
      newPassword: 'a new password',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(ann.token)).statusCode).toBe(401);
    expect((await me(res.json().accessToken)).statusCode).toBe(200);
    expect((await login(ann.user.email, ann.password)).statusCode).toBe(400);
    expect((await login(ann.user.email, 'a new password')).statusCode).toBe(200);
  });

  it('applies the sign-up password rules', async () => {
    const ann = await signUp(t);
    const short = await changePassword(ann.token, { currentPassword: ann.password, newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 6 characters' },
    ]);
    for (const payload of [{}, { currentPassword: ann.password, newPassword: 'x'.repeat(1000) }, []]) {
      const res = await changePassword(ann.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('lets an account made by social sign-in set a password without a current one', async () => {
    const row = await insertAccount(t.db, { name: 'Gia', email: 'gia.sessions@example.com' });
    const token = await createTokenService(testConfig.jwtSecret, 3600).sign(row.id, 0);
    expect((await login('gia.sessions@example.com', 'her own password')).statusCode).toBe(400);
    const res = await changePassword(token, { newPassword: 'her own password' });
    expect(res.statusCode).toBe(200);
    expect((await login('gia.sessions@example.com', 'her own password')).statusCode).toBe(200);
    // From now on, changing it needs the current one.
    const next = await changePassword(res.json().accessToken, { newPassword: 'another one' });
    expect(next.statusCode).toBe(400);
  });
});
