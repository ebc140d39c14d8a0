import { AUTH_MESSAGES } from '@pathwise/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeTokens } from '../src/db/schema/index.js';
import { createTokenService } from '../src/lib/tokens.js';
import { insertAccount } from '../src/modules/users/accounts.service.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server.js';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://learn.example.com' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const change = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email/change', headers: bearer(token), payload });
const confirm = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email/confirm', payload: { token } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const emailOf = async (token: string) =>
  (await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json().email;

/** Takes the first mail to `to` out of the mailbox. */
async function takeMail(to: string) {
  const mail = await smtp.mailTo(to);
  smtp.received.splice(smtp.received.indexOf(mail), 1);
  return mail;
}

/** Asks to move `account` to `newEmail` and reads the link's token from the mail to the new address. */
async function confirmationToken(account: TestAccount, newEmail: string) {
  const res = await change(account.token, { newEmail, currentPassword: account.password });
  expect(res.statusCode).toBe(202);
  expect(res.json().message).toBe(AUTH_MESSAGES.emailChangeLinkSent(newEmail));
  const mail = await takeMail(newEmail);
  const link = /https:\/\/learn\.example\.com\/confirm-email\?token=([\w-]+)/.exec(mail.text);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('changing the e-mail address', () => {
  it('keeps the old address until the link mailed to the new one is opened, once; then tells the old one', async () => {
    const ann = await signUp(t, { email: 'ann.old@example.com' });
    const token = await confirmationToken(ann, 'ann.new@example.com');
    expect(await emailOf(ann.token)).toBe('ann.old@example.com');
    expect((await login('ann.old@example.com', ann.password)).statusCode).toBe(200);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(AUTH_MESSAGES.emailChanged('ann.new@example.com'));
    expect(await emailOf(ann.token)).toBe('ann.new@example.com');
    expect((await login('ann.new@example.com', ann.password)).statusCode).toBe(200);
    expect((await login('ann.old@example.com', ann.password)).statusCode).toBe(400);

    const notice = await takeMail('ann.old@example.com');
    expect(notice.subject).toBe('Your Pathwise e-mail address was changed');
    expect(notice.text).toContain('ann.new@example.com');

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.emailLinkUsed);
  });

  it('keeps only a hash of the token, and a newer link retires the older one as soon as it is sent', async () => {
    const bea = await signUp(t, { email: 'bea.old@example.com' });
    const first = await confirmationToken(bea, 'bea.first@example.com');
    const second = await confirmationToken(bea, 'bea.second@example.com');
    const rows = await t.db
      .select({ tokenHash: emailChangeTokens.tokenHash })
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.userId, bea.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect([first, second]).not.toContain(rows[0]!.tokenHash);

    const older = await confirm(first);
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe(AUTH_MESSAGES.emailLinkUnknown);
    expect(await emailOf(bea.token)).toBe('bea.old@example.com');
    expect((await confirm(second)).statusCode).toBe(200);
    expect(await emailOf(bea.token)).toBe('bea.second@example.com');
    expect((await confirm(first)).json().message).toBe(AUTH_MESSAGES.emailLinkUnknown);
  });

  it('leaves one live link when two are asked for at the same time', async () => {
    const cid = await signUp(t, { email: 'cid.old@example.com' });
    const asked = await Promise.all(
      ['cid.one@example.com', 'cid.two@example.com'].map((newEmail) =>
        change(cid.token, { newEmail, currentPassword: cid.password }),
      ),
    );
    expect(asked.map((res) => res.statusCode)).toEqual([202, 202]);
    const pending = await t.db
      .select({ newEmail: emailChangeTokens.newEmail })
      .from(emailChangeTokens)
      .where(and(eq(emailChangeTokens.userId, cid.user.id), isNull(emailChangeTokens.usedAt)));
    expect(pending).toHaveLength(1);
    await takeMail('cid.one@example.com');
    await takeMail('cid.two@example.com');
  });

  it('asks for the current password, except of an account made by social sign-in', async () => {
    const cal = await signUp(t, { email: 'cal.old@example.com' });
    const missing = await change(cal.token, { newEmail: 'cal.new@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'currentPassword', message: AUTH_MESSAGES.currentPasswordRequired },
    ]);
    const wrong = await change(cal.token, { newEmail: 'cal.new@example.com', currentPassword: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', message: AUTH_MESSAGES.currentPasswordWrong },
    ]);

    const social = await insertAccount(t.db, { name: 'Gia', email: 'gia.social@example.com' });
    const socialToken = await createTokenService(testConfig.jwtSecret, 3600).sign(social.id, 0);
    const res = await change(socialToken, { newEmail: 'gia.elsewhere@example.com' });
    expect(res.statusCode).toBe(202);
    const mail = await takeMail('gia.elsewhere@example.com');
    const token = /confirm-email\?token=([\w-]+)/.exec(mail.text)![1]!;
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await emailOf(socialToken)).toBe('gia.elsewhere@example.com');
  });

  it('refuses an address in use (as sign-up does) or already its own, and one taken before the link is opened', async () => {
    await signUp(t, { email: 'taken.by.dan@example.com' });
    const eve = await signUp(t, { email: 'eve.old@example.com' });
    const taken = await change(eve.token, {
      newEmail: 'TAKEN.by.dan@example.com',
      currentPassword: eve.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'newEmail', message: AUTH_MESSAGES.emailTaken }]);
    const own = await change(eve.token, { newEmail: 'Eve.Old@example.com', currentPassword: eve.password });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(AUTH_MESSAGES.emailUnchanged);

    const token = await confirmationToken(eve, 'eve.wanted@example.com');
    await signUp(t, { email: 'eve.wanted@example.com' });
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(AUTH_MESSAGES.emailTakenMeanwhile);
    expect(await emailOf(eve.token)).toBe('eve.old@example.com');
  });

  it('refuses an expired or unknown link and says what is wrong with bad input', async () => {
    const fay = await signUp(t, { email: 'fay.old@example.com' });
    const token = await confirmationToken(fay, 'fay.new@example.com');
    await t.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, fay.user.id));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_MESSAGES.emailLinkExpired);
    expect(await emailOf(fay.token)).toBe('fay.old@example.com');

    for (const bad of ['never-sent', '', 'x'.repeat(101), 42, undefined]) {
      const res = await confirm(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.emailLinkUnknown);
    }
    const notEmail = await change(fay.token, { newEmail: 'not an address', currentPassword: fay.password });
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().errors).toEqual([{ field: 'newEmail', message: 'Invalid email address' }]);
    const empty = await change(fay.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({ field: 'newEmail', message: 'Email is required' });
  });

  it('limits the mails a client address may cause, like the reset mail', async () => {
    const limited = await createTestApp({ config: { authRateLimitPerMinute: 1 } });
    try {
      const gus = await signUp(limited, { email: 'gus.old@example.com' });
      const ask = (newEmail: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/email/change',
          remoteAddress: '10.0.0.9',
          headers: bearer(gus.token),
          payload: { newEmail, currentPassword: gus.password },
        });
      expect((await ask('gus.one@example.com')).statusCode).toBe(202);
      const refused = await ask('gus.two@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    } finally {
      await limited.close();
    }
  });
});
