import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/lib/tokens.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const OLD_SECRET = 'the-secret-before-the-rotation-0123456789';
const NEW_SECRET = 'the-secret-after-the-rotation-0123456789a';

describe('rotating the token secret (JWT_SECRET_PREVIOUS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { jwtSecret: NEW_SECRET, jwtPreviousSecret: OLD_SECRET } });
  });
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });

  it('signs new tokens with JWT_SECRET only', async () => {
    const { token, user } = await signUp(t);
    expect((await createTokenService(NEW_SECRET, 60).verify(token))?.userId).toBe(user.id);
    expect(await createTokenService(OLD_SECRET, 60).verify(token)).toBeNull();
  });

  it('still accepts tokens signed with the previous secret, and no other', async () => {
    const { user } = await signUp(t);
    const beforeRotation = await createTokenService(OLD_SECRET, 60).sign(user.id, 0);
    const res = await me(beforeRotation);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);

    const foreign = await createTokenService('a-secret-this-server-never-had-0123456789', 60).sign(
      user.id,
      0,
    );
    expect((await me(foreign)).statusCode).toBe(401);
  });

  it('refuses tokens of the previous secret once it is no longer configured', async () => {
    const { user } = await signUp(t);
    const afterRotation = createTokenService(NEW_SECRET, 60);
    expect(await afterRotation.verify(await createTokenService(OLD_SECRET, 60).sign(user.id, 0))).toBeNull();
  });
});
