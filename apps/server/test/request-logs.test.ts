import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';

describe('request logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.join('');

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'trace', stream } });
  });
  afterAll(() => t.close());

  it('say once per request what was asked, its response and how long it took', async () => {
    const before = lines.length;
    await t.app.inject({ url: '/api/health?probe=once' });

    const written = lines.slice(before).map((line) => JSON.parse(line));
    const aboutIt = written.filter((line) => line.req?.url === '/api/health?probe=once');
    expect(aboutIt).toHaveLength(1);
    expect(aboutIt[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET' },
      res: { statusCode: 200 },
    });
    expect(aboutIt[0].responseTime).toBeGreaterThan(0);
    expect(aboutIt[0].reqId).toEqual(expect.any(String));
  });

  it('never hold a bearer token, whether it is valid or not', async () => {
    const { token } = await signUp(t);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(forged) })).statusCode).toBe(401);

    expect(logged()).toContain('/api/auth/me');
    expect(logged()).not.toContain(token);
    expect(logged()).not.toContain(forged);
    expect(logged()).not.toContain('Bearer');
  });

  it('never hold a token or an authorization code sent in a query string', async () => {
    await t.app.inject({ url: '/api/auth/oauth2/callback/google?code=the-one-time-code&state=s' });
    await t.app.inject({ url: '/oauth2/redirect?token=a-token-in-the-wrong-place&tab=plans' });

    expect(logged()).toContain('/api/auth/oauth2/callback/google?code=%5Bredacted%5D&state=s');
    expect(logged()).toContain('/oauth2/redirect?token=%5Bredacted%5D&tab=plans');
    expect(logged()).not.toContain('the-one-time-code');
    expect(logged()).not.toContain('a-token-in-the-wrong-place');
  });
});
