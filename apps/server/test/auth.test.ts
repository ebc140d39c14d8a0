import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const userCount = async () => {
  const { users } = await import('../src/db/schema/index.js');
  return (await t.db.select().from(users)).length;
};

describe('POST /api/auth/signup', () => {
  it('creates an account and returns a bearer token that signs the user in', async () => {
    const res = await post('/api/auth/signup', {
      name: '  Ann Lee ',
      email: ' Ann@Example.com ',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer' });

    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(res.json().accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(Number),
      name: 'Ann Lee',
      handle: 'annlee',
      email: 'Ann@Example.com',
      bio: '',
      location: '',
      profilePicture: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      followersCount: 0,
      followingCount: 0,
      postsCount: 0,
      isCurrentUserFollowing: false,
      isBlocked: false,
      isMuted: false,
      suspended: false,
      hasFeed: false,
      isModerator: false,
    });
  });

  it('refuses an e-mail already in use, whatever its case and spacing', async () => {
    await signUp(t, { email: 'taken@example.com' });
    const before = await userCount();
    const res = await post('/api/auth/signup', {
      name: 'Other',
      email: ' TAKEN@example.COM',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email address already in use.');
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'name', 'Name is required'],
    [{ name: '   ', email: 'a@b.co', password: 'secret1' }, 'name', 'Name is required'],
    [{ name: 'Ann', password: 'secret1' }, 'email', 'Email is required'],
    [{ name: 'Ann', email: '', password: 'secret1' }, 'email', 'Email is required'],
    [{ name: 'Ann', email: 'not-an-email', password: 'secret1' }, 'email', 'Invalid email address'],
    [{ name: 'Ann', email: 'a@b.co' }, 'password', 'Password is required'],
    [
      { name: 'Ann', email: 'a@b.co', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      { name: 'x'.repeat(101), email: 'a@b.co', password: 'secret1' },
      'name',
      'Name must be at most 100 characters',
    ],
    [
      { name: 'Ann', email: `${'x'.repeat(250)}@b.co`, password: 'secret1' },
      'email',
      'Email must be at most 254 characters',
    ],
    [
      { name: 'Ann', email: 'a@b.co', password: 'p'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [{ name: 123, email: 'a@b.co', password: 'secret1' }, 'name', 'Name is required'],
  ])('refuses %j with a message for %s and stores nothing', async (payload, field, message) => {
    const before = await userCount();
    const res = await post('/api/auth/signup', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await userCount()).toBe(before);
  });

  it('answers malformed or missing bodies with a readable 4xx, never a 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ann",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=Ann',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('This content type is not supported here.');

    const huge = await post('/api/auth/signup', {
      name: 'Ann',
      email: 'a@b.co',
      password: 'x'.repeat(2_000_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request is too large.');

    const notAnObject = await post('/api/auth/signup', [1, 2, 3]);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().message).toEqual(expect.any(String));
  });
});

describe('password storage', () => {
  it("stores argon2id hashes at OWASP's minimum cost unless a test asks for less", async () => {
    const production = await createTestApp({ productionPasswordHashing: true });
    try {
      const { users } = await import('../src/db/schema/index.js');
      await signUp(production, { email: 'cost@example.com', password: 'secret1' });
      const [stored] = await production.db.select({ passwordHash: users.passwordHash }).from(users);
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const login = await production.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'cost@example.com', password: 'secret1' },
      });
      expect(login.statusCode).toBe(200);
      // The accounts of this file's other tests, signed up at the test cost.
      const cheap = await t.db.select({ passwordHash: users.passwordHash }).from(users);
      expect(cheap.map((u) => u.passwordHash)).toContainEqual(
        expect.stringMatching(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/),
      );
    } finally {
      await production.close();
    }
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the e-mail in any case', async () => {
    const account = await signUp(t, { email: 'mixed.Case@example.com', password: 'my password' });
    const res = await post('/api/auth/login', { email: 'MIXED.case@example.com ', password: 'my password' });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(res.json().accessToken) });
    expect(me.json().id).toBe(account.user.id);
  });

  it('gives the same response for a wrong password and an unknown e-mail', async () => {
    await signUp(t, { email: 'known@example.com', password: 'right password' });
    const wrongPassword = await post('/api/auth/login', {
      email: 'known@example.com',
      password: 'wrong password',
    });
    const unknownEmail = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'right password',
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid email or password',
      });
    }
  });

  it('validates its body with the spec messages', async () => {
    const res = await post('/api/auth/login', { email: 'a@b.co', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password is required');
  });
});

describe('GET /api/auth/me', () => {
  const sign = (claims: { sub?: string; iss?: string; exp?: number }, secret = testConfig.jwtSecret) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub ?? '1')
      .setIssuer(claims.iss ?? 'pathwise')
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 60)
      .sign(new TextEncoder().encode(secret));

  const meWith = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers });

  it('answers 401 with a message without a token', async () => {
    const res = await meWith({});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it('refuses tampered, foreign, unsigned and expired tokens', async () => {
    const { token, user } = await signUp(t);
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: String(user.id + 1), iss: 'pathwise', exp: 9e9 }),
    ).toString('base64url');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = `${noneHeader}.${payload}.`;
    const expired = await sign({ sub: String(user.id), exp: Math.floor(Date.now() / 1000) - 10 });
    const foreign = await sign({ sub: String(user.id) }, 'another-secret-that-is-long-enough-to-sign');
    const wrongIssuer = await sign({ sub: String(user.id), iss: 'someone-else' });

    for (const bad of [
      `${header}.${forgedPayload}.${token.split('.')[2]}`,
      unsigned,
      expired,
      foreign,
      wrongIssuer,
      'garbage',
    ]) {
      const res = await meWith(bearer(bad));
      expect(res.statusCode, bad).toBe(401);
    }
    expect((await meWith(bearer(token))).statusCode).toBe(200);
  });

  it('answers 401 when the account behind a valid token no longer exists', async () => {
    const res = await meWith(bearer(await sign({ sub: '999999' })));
    expect(res.statusCode).toBe(401);
  });
});

describe('brute-force protection', () => {
  const signIn = (app: TestApp['app'], email: string, password: string, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });
  const retryAfterOf = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

  it('slows down one address after too many attempts, with a message and Retry-After', async () => {
    const limited = await createTestApp({ config: { authRateLimitPerMinute: 3 } });
    try {
      const attempt = () => signIn(limited.app, `x${Math.random()}@b.co`, 'nope');
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const res = await attempt();
      expect(res.json().message).toBe('Too many attempts. Please wait a minute and try again.');
      expect(retryAfterOf(res)).toBeGreaterThanOrEqual(1);
      expect(retryAfterOf(res)).toBeLessThanOrEqual(60);
      // Sign-up shares the address's allowance.
      const signup = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '10.0.0.1',
        payload: { name: 'Late', email: 'late@example.com', password: 'secret1' },
      });
      expect(signup.statusCode).toBe(429);
      expect(retryAfterOf(signup)).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });

  it('never counts successful sign-ins: twelve in a row all succeed at the default address limit', async () => {
    const defaults = await createTestApp({ config: { authRateLimitPerMinute: 20 } });
    try {
      const account = await signUp(defaults, { email: 'regular@example.com', password: 'the real one' });
      const statuses = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await signIn(defaults.app, account.user.email, 'the real one')).statusCode);
      expect(statuses).toEqual(Array(12).fill(200));
    } finally {
      await defaults.close();
    }
  });

  it('locks an account out of one address after ten failures there, with Retry-After in minutes', async () => {
    const account = await signUp(t, { email: 'target@example.com', password: 'the real one' });
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t.app, account.user.email, `guess ${i}`, '10.0.0.66')).statusCode).toBe(400);
    }
    // Even the right password waits: the address cannot tell a lucky guess from the owner.
    const locked = await signIn(t.app, 'TARGET@example.com', 'the real one', '10.0.0.66');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-ins. Please wait 15 minutes and try again.');
    expect(retryAfterOf(locked)).toBeGreaterThan(14 * 60);
    expect(retryAfterOf(locked)).toBeLessThanOrEqual(15 * 60);

    // The owner, from their usual address, is not locked out by the stranger's failures.
    const owner = await signIn(t.app, account.user.email, 'the real one', '192.0.2.7');
    expect(owner.statusCode).toBe(200);
  });

  it('lets the owner in from a clean address while guesses come from many addresses', async () => {
    const account = await signUp(t, { email: 'spread@example.com', password: 'the real one' });
    // 100 failures from ten addresses: the account-wide threshold.
    for (let address = 0; address < 10; address++) {
      for (let i = 0; i < 10; i++) {
        expect((await signIn(t.app, account.user.email, 'guess', `10.1.0.${address}`)).statusCode).toBe(400);
      }
    }
    // Past it, an address with a failure on the account waits even below its own ten…
    expect((await signIn(t.app, account.user.email, 'guess', '10.1.1.1')).statusCode).toBe(400);
    const spreadLock = await signIn(t.app, account.user.email, 'the real one', '10.1.1.1');
    expect(spreadLock.statusCode).toBe(429);
    expect(retryAfterOf(spreadLock)).toBeGreaterThan(0);
    // …while an address without one, the owner's, still gets in.
    expect((await signIn(t.app, account.user.email, 'the real one', '198.51.100.4')).statusCode).toBe(200);
  });

  it("forgets an address's failures once it signs in", async () => {
    const account = await signUp(t, { email: 'forgetful@example.com', password: 'the real one' });
    const statuses = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++)
        statuses.push((await signIn(t.app, account.user.email, 'typo', '10.2.0.1')).statusCode);
      statuses.push((await signIn(t.app, account.user.email, 'the real one', '10.2.0.1')).statusCode);
    }
    expect(statuses).toEqual([...Array(9).fill(400), 200, ...Array(9).fill(400), 200]);
  });
});
