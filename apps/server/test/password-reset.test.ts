import { AUTH_MESSAGES } from '@pathwise/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../src/db/schema/index.js';
import { linkTokenHash } from '../src/lib/link-tokens.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server.js';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: {
      smtpUrl: smtp.url,
      publicUrl: 'https://learn.example.com',
      mailFrom: 'Pathwise <hello@example.com>',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });
const check = (token: string) =>
  t.app.inject({ url: `/api/auth/password/reset?token=${encodeURIComponent(token)}` });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });

/** Asks for a link for `email` and reads its token from the delivered mail. */
async function resetTokenFor(email: string) {
  expect((await forgot(email)).statusCode).toBe(202);
  const mail = await smtp.mailTo(email);
  smtp.received.splice(smtp.received.indexOf(mail), 1);
  const link = /https:\/\/learn\.example\.com\/reset-password\?token=([\w-]+)/.exec(mail.text);
  expect(link).not.toBeNull();
  return { mail, token: link![1]! };
}

describe('forgot password', () => {
  it('mails a link to the account, which sets a new password once and ends every session', async () => {
    const ann = await signUp(t, { email: 'ann.reset@example.com' });
    const { mail, token } = await resetTokenFor('ann.reset@example.com');
    expect(mail.from).toBe('hello@example.com');
    expect(mail.subject).toBe('Reset your Pathwise password');

    const res = await reset(token, 'a brand new password');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordReset);

    expect((await me(ann.token)).statusCode).toBe(401);
    expect((await login('ann.reset@example.com', ann.password)).statusCode).toBe(400);
    const signedIn = await login('ann.reset@example.com', 'a brand new password');
    expect(signedIn.statusCode).toBe(200);
    expect((await me(signedIn.json().accessToken)).statusCode).toBe(200);

    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetLinkUsed);
  });

  it('answers the same whether or not the address has an account, and mails only real accounts', async () => {
    await signUp(t, { email: 'bob.reset@example.com' });
    const known = await forgot('bob.reset@example.com');
    const unknown = await forgot('nobody.here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
    await smtp.mailTo('bob.reset@example.com');
    // A later mail to another address arrives after any to nobody would have.
    await signUp(t, { email: 'carl.reset@example.com' });
    await resetTokenFor('carl.reset@example.com');
    expect(smtp.received.some((m) => m.to.includes('nobody.here@example.com'))).toBe(false);
  });

  it('keeps only a hash of the token', async () => {
    const dora = await signUp(t, { email: 'dora.reset@example.com' });
    const { token } = await resetTokenFor('dora.reset@example.com');
    const rows = await t.db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, dora.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('retires the earlier links as soon as a newer one is sent, even when asked for at the same time', async () => {
    const gil = await signUp(t, { email: 'gil.reset@example.com' });
    const first = await resetTokenFor('gil.reset@example.com');
    const second = await resetTokenFor('gil.reset@example.com');
    const earlier = await reset(first.token, 'the first password');
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().message).toBe(AUTH_MESSAGES.resetLinkUnknown);
    expect((await login('gil.reset@example.com', 'the first password')).statusCode).toBe(400);
    expect((await reset(second.token, 'the second password')).statusCode).toBe(200);

    const asked = await Promise.all([forgot('gil.reset@example.com'), forgot('gil.reset@example.com')]);
    expect(asked.map((res) => res.statusCode)).toEqual([202, 202]);
    const pending = await t.db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, gil.user.id), isNull(passwordResetTokens.usedAt)));
    expect(pending).toHaveLength(1);
    for (let i = 0; i < 2; i++)
      smtp.received.splice(smtp.received.indexOf(await smtp.mailTo(gil.user.email)), 1);
  });

  it('refuses an expired link, an unknown one, and a used one', async () => {
    await signUp(t, { email: 'eve.reset@example.com' });
    const first = await resetTokenFor('eve.reset@example.com');
    expect((await reset(first.token, 'the first password')).statusCode).toBe(200);
    const used = await reset(first.token, 'the first password');
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe(AUTH_MESSAGES.resetLinkUsed);

    const third = await resetTokenFor('eve.reset@example.com');
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await reset(third.token, 'the third password');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_MESSAGES.resetLinkExpired);

    const unknown = await reset('not-a-token-we-sent', 'some password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.resetLinkUnknown);
  });

  it('tells whether a link still works before it is used: 204, else 410 used or expired, 404 unknown', async () => {
    await signUp(t, { email: 'hal.reset@example.com' });
    const first = await resetTokenFor('hal.reset@example.com');
    const live = await check(first.token);
    expect(live.statusCode).toBe(204);
    expect(live.body).toBe('');
    // Checking used nothing up: the link still sets a password, once.
    expect((await reset(first.token, 'the new password')).statusCode).toBe(200);
    const used = await check(first.token);
    expect(used.statusCode).toBe(410);
    expect(used.json().message).toBe(AUTH_MESSAGES.resetLinkUsed);

    const second = await resetTokenFor('hal.reset@example.com');
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, linkTokenHash(second.token)));
    const expired = await check(second.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(AUTH_MESSAGES.resetLinkExpired);

    const unknown = await check('not-a-token-we-sent');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.resetLinkUnknown);
    for (const url of ['/api/auth/password/reset', `/api/auth/password/reset?token=${'x'.repeat(101)}`]) {
      const bad = await t.app.inject({ url });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(AUTH_MESSAGES.resetLinkUnknown);
    }
  });

  it('applies the sign-up password rules and says what is wrong with bad input', async () => {
    await signUp(t, { email: 'fay.reset@example.com' });
    const { token } = await resetTokenFor('fay.reset@example.com');
    const short = await reset(token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { field: 'password', message: 'Password must be at least 6 characters' },
    ]);

    for (const payload of [
      {},
      { token: '', password: 'long enough' },
      { token: 'x'.repeat(101), password: 'long enough' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const notEmail = await forgot('not an address');
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().errors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
  });
});

describe('forgot password without SMTP_URL', () => {
  it('writes the mail, marked as not sent, to the server log', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await signUp(logged, { email: 'gus.reset@example.com' });
      const res = await logged.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: 'gus.reset@example.com' },
      });
      expect(res.statusCode).toBe(202);
      const entry = lines.map((line) => JSON.parse(line)).find((e) => e.mail);
      expect(entry.msg).toContain('MAIL NOT SENT (SMTP_URL is not set)');
      expect(entry.mail.to).toBe('gus.reset@example.com');
      expect(entry.mail.text).toMatch(/\/reset-password\?token=[\w-]+/);
    } finally {
      await logged.close();
    }
  });
});

describe('forgot password limits', () => {
  it('shares the sign-in allowance of an address: a 429 with a message and Retry-After past it', async () => {
    const limited = await createTestApp({ config: { authRateLimitPerMinute: 2 } });
    try {
      const ask = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/password/forgot',
          remoteAddress: '10.0.0.7',
          payload: { email },
        });
      expect((await ask('one@example.com')).statusCode).toBe(202);
      expect((await ask('two@example.com')).statusCode).toBe(202);
      const refused = await ask('three@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const login = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.7',
        payload: { email: 'one@example.com', password: 'whatever' },
      });
      expect(login.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
