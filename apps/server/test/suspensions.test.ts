import {
  AUTH_MESSAGES,
  type ModerationAction,
  type Page,
  REPORT_MESSAGES,
  SUSPENSION_LIMITS,
  SUSPENSION_MESSAGES,
  USER_MESSAGES,
} from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import {
  type IdentityProvider,
  signInAtProvider,
  startIdentityProvider,
} from './helpers/identity-provider.js';
import { createPlan } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server.js';
import { addComment, follow } from './helpers/social.js';

const OTHER_MODERATOR_EMAIL = 'second.moderator@pathwise.test';
const FLOW_COOKIE = 'pathwise_oauth_flow';
const PUBLIC_URL = 'https://learn.example.com';

let t: TestApp;
let idp: IdentityProvider;
let smtp: TestSmtpServer;
let moderator: TestAccount;
let otherModerator: TestAccount;

beforeAll(async () => {
  idp = await startIdentityProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/oauth2/callback/google`] });
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: {
      adminEmails: new Set([MODERATOR_EMAIL, OTHER_MODERATOR_EMAIL]),
      oidcProviders: { google: { name: 'Google', client: idp.client } },
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
    },
  });
  moderator = await signUp(t, { name: 'Mo Derator', email: MODERATOR_EMAIL });
  otherModerator = await signUp(t, { name: 'Second Moderator', email: OTHER_MODERATOR_EMAIL });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await smtp.close();
});

const call = (account: TestAccount, request: InjectOptions) =>
  t.app.inject({ ...request, headers: bearer(account.token) });
const get = async (account: TestAccount, url: string) => {
  const res = await call(account, { url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const suspend = (by: TestAccount, userId: number, payload: object = { reason: 'Spam, again and again' }) =>
  call(by, { method: 'POST', url: `/api/moderation/users/${userId}/suspend`, payload });
const unsuspend = (by: TestAccount, userId: number) =>
  call(by, { method: 'POST', url: `/api/moderation/users/${userId}/unsuspend` });
const login = (account: TestAccount, password = account.password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.user.email, password },
  });
const ids = (page: { content: { id: number }[] }) => page.content.map((item) => item.id);

let people = 0;
/** A new person with a name unique to this run, so searches find only them. */
const person = (first: string) => signUp(t, { name: `${first} Qv${++people}k` });

/** The whole browser journey of social sign-in as `login` (an e-mail address the provider has verified). */
async function signInWithGoogle(login: string) {
  const start = await t.app.inject({ url: '/api/auth/oauth2/authorize/google' });
  const flowCookie = start.cookies.find((cookie) => cookie.name === FLOW_COOKIE)!.value;
  const back = await signInAtProvider(String(start.headers.location), login);
  const done = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    cookies: { [FLOW_COOKIE]: flowCookie },
  });
  const url = new URL(String(done.headers.location));
  return { token: new URLSearchParams(url.hash.slice(1)).get('token'), error: url.searchParams.get('error') };
}

describe('suspending an account', () => {
  it('ends every session at once and refuses password sign-in with a clear message', async () => {
    const spammer = await person('Sam');
    expect((await call(spammer, { url: '/api/auth/me' })).statusCode).toBe(200);

    const res = await suspend(moderator, spammer.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      userId: spammer.user.id,
      suspendedAt: expect.any(String),
      message: SUSPENSION_MESSAGES.suspended(spammer.user.name),
    });

    const old = await call(spammer, { url: '/api/auth/me' });
    expect(old.statusCode).toBe(401);
    const refused = await login(spammer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUTH_MESSAGES.accountSuspended);
    // Without the password, nothing tells that the account exists or is suspended.
    const guessed = await login(spammer, 'wrong password here');
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().message).toBe(AUTH_MESSAGES.invalidCredentials);

    const back = await unsuspend(moderator, spammer.user.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({
      userId: spammer.user.id,
      suspendedAt: null,
      message: SUSPENSION_MESSAGES.unsuspended(spammer.user.name),
    });
    const again = await login(spammer);
    expect(again.statusCode).toBe(200);
    // Sessions ended by the suspension stay ended.
    expect((await call(spammer, { url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('refuses social sign-in, linked by address, with the same message', async () => {
    const email = `social.suspended.${process.pid}@example.com`;
    const social = await signUp(t, { name: 'Social Person', email });
    expect((await signInWithGoogle(email)).token).toEqual(expect.any(String));

    expect((await suspend(moderator, social.user.id)).statusCode).toBe(200);
    expect(await signInWithGoogle(email)).toEqual({ token: null, error: AUTH_MESSAGES.accountSuspended });

    expect((await unsuspend(moderator, social.user.id)).statusCode).toBe(200);
    expect((await signInWithGoogle(email)).token).toEqual(expect.any(String));
  });

  it('refuses a reset link mailed before the suspension, which still works once unsuspended', async () => {
    const email = `reset.suspended.${process.pid}@example.com`;
    const account = await signUp(t, { name: 'Reset Person', email });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(202);
    const mail = await smtp.mailTo(email);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { token, password: 'a brand new password' },
      });

    await suspend(moderator, account.user.id);
    const refused = await reset();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUTH_MESSAGES.accountSuspended);
    expect((await login(account, 'a brand new password')).statusCode).toBe(400);

    await unsuspend(moderator, account.user.id);
    expect((await reset()).statusCode).toBe(200);
    expect((await login(account, 'a brand new password')).statusCode).toBe(200);
  });

  it('hides everything the account made from everyone, and unsuspending restores it', async () => {
    const sam = await person('Sam');
    const ann = await person('Ann');
    const word = `Quokka${people}`;
    const post = await createPost(t, sam.token, { title: `${word} notes` });
    const plan = await createPlan(t, sam.token, { title: `${word} path`, isPublic: true });
    const annPost = await createPost(t, ann.token, { title: 'A post of Ann' });
    const comment = await addComment(t, sam, annPost.id, 'A comment of Sam');
    await follow(t, sam, ann);
    await follow(t, ann, sam);

    const seenBy = async (viewer: TestAccount) => {
      const search = (query: string) => get(viewer, `/api/search?query=${encodeURIComponent(query)}`);
      const [byName, byWord] = [await search(sam.user.name), await search(word)];
      return {
        feed: ids(await get(viewer, '/api/posts?size=50')).includes(post.id),
        profilePosts: (await get(viewer, `/api/posts/user/${sam.user.id}`)).totalElements,
        post: (await call(viewer, { url: `/api/posts/${post.id}` })).statusCode,
        plan: (await call(viewer, { url: `/api/learning-plans/${plan.id}` })).statusCode,
        publicPlans: ids(await get(viewer, '/api/learning-plans/public?size=50')).includes(plan.id),
        comments: ids(await get(viewer, `/api/posts/${annPost.id}/comments`)).includes(comment.id),
        followers: ids(await get(viewer, `/api/users/${ann.user.id}/followers`)).includes(sam.user.id),
        following: ids(await get(viewer, `/api/users/${ann.user.id}/following`)).includes(sam.user.id),
        search: [
          ids(byName.users).includes(sam.user.id),
          ids(byWord.posts).includes(post.id),
          ids(byWord.learningPlans).includes(plan.id),
        ],
      };
    };
    const visible = {
      feed: true,
      profilePosts: 1,
      post: 200,
      plan: 200,
      publicPlans: true,
      comments: true,
      followers: true,
      following: true,
      search: [true, true, true],
    };
    expect(await seenBy(ann)).toEqual(visible);

    await suspend(moderator, sam.user.id);
    const hidden = {
      feed: false,
      profilePosts: 0,
      post: 404,
      plan: 404,
      publicPlans: false,
      comments: false,
      followers: false,
      following: false,
      search: [false, false, false],
    };
    for (const viewer of [ann, moderator]) expect(await seenBy(viewer)).toEqual(hidden);
    // Mastodon's "This account has been suspended" page: the name stays, the rest is withheld.
    expect(await get(ann, `/api/users/${sam.user.id}`)).toMatchObject({
      id: sam.user.id,
      name: sam.user.name,
      suspended: true,
      bio: '',
      location: '',
      profilePicture: null,
    });

    await unsuspend(moderator, sam.user.id);
    expect(await seenBy(ann)).toEqual(visible);
    expect(await get(ann, `/api/users/${sam.user.id}`)).toMatchObject({ suspended: false });
  });

  it('logs who suspended whom, when and why, and resolves the open reports about the account', async () => {
    const troll = await person('Troll');
    const reporter = await person('Rita');
    const filed = await call(reporter, {
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'USER', targetId: troll.user.id, reason: 'HARASSMENT' },
    });
    expect(filed.statusCode).toBe(201);

    await suspend(moderator, troll.user.id, { reason: '  Harassed several people  ' });
    await unsuspend(otherModerator, troll.user.id);

    const log: Page<ModerationAction> = await get(moderator, '/api/moderation/actions?size=50');
    // Newest first; the suspension and the report it resolved share their transaction's time.
    const about = log.content.filter(
      (action) => action.targetType === 'USER' && action.targetId === troll.user.id,
    );
    expect(
      about.map(({ action, moderator: by, reportId, note }) => ({ action, by: by?.id, reportId, note })),
    ).toEqual([
      { action: 'UNSUSPENDED', by: otherModerator.user.id, reportId: null, note: '' },
      {
        action: 'REPORT_RESOLVED',
        by: moderator.user.id,
        reportId: filed.json().id,
        note: 'Harassed several people',
      },
      { action: 'SUSPENDED', by: moderator.user.id, reportId: null, note: 'Harassed several people' },
    ]);
    const closed = await get(moderator, '/api/moderation/reports?status=closed&size=50');
    expect(closed.content.find((report: { id: number }) => report.id === filed.json().id)).toMatchObject({
      status: 'RESOLVED',
      closedBy: { id: moderator.user.id },
      note: 'Harassed several people',
    });
  });
});

describe('who may suspend whom', () => {
  it('refuses following a suspended account, and lets it be followed again once unsuspended', async () => {
    const [ann, bob] = await Promise.all([person('Ann'), person('Bob')]);
    expect((await suspend(moderator, bob.user.id)).statusCode).toBe(200);
    const refused = await call(ann, { method: 'POST', url: `/api/users/${bob.user.id}/follow` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(USER_MESSAGES.cannotFollowBlocked);
    expect((await unsuspend(moderator, bob.user.id)).statusCode).toBe(200);
    const followed = await call(ann, { method: 'POST', url: `/api/users/${bob.user.id}/follow` });
    expect(followed.statusCode, followed.body).toBe(200);
    expect((await get(ann, `/api/users/${bob.user.id}`)).followersCount).toBe(1);
  });

  it('lets only moderators suspend or unsuspend', async () => {
    const [ann, bob] = await Promise.all([person('Ann'), person('Bob')]);
    for (const res of [await suspend(ann, bob.user.id), await unsuspend(ann, bob.user.id)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SUSPENSION_MESSAGES.moderatorsOnly);
    }
    expect((await call(bob, { url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('refuses suspending yourself or another moderator, and says why', async () => {
    const self = await suspend(moderator, moderator.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(SUSPENSION_MESSAGES.cannotSuspendSelf);
    const peer = await suspend(moderator, otherModerator.user.id);
    expect(peer.statusCode).toBe(409);
    expect(peer.json().message).toBe(SUSPENSION_MESSAGES.cannotSuspendModerator);
    expect((await call(otherModerator, { url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account and 409 when there is nothing to change', async () => {
    for (const res of [await suspend(moderator, 2_000_000_000), await unsuspend(moderator, 2_000_000_000)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SUSPENSION_MESSAGES.userNotFound);
    }
    const bob = await person('Bob');
    const notSuspended = await unsuspend(moderator, bob.user.id);
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().message).toBe(SUSPENSION_MESSAGES.notSuspended);
    await suspend(moderator, bob.user.id);
    const twice = await suspend(moderator, bob.user.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SUSPENSION_MESSAGES.alreadySuspended);
  });

  it('refuses a missing, blank, too long or non-text reason and a bad id with a human message', async () => {
    const bob = await person('Bob');
    for (const [payload, message] of [
      [{}, SUSPENSION_MESSAGES.reasonRequired],
      [{ reason: '   ' }, SUSPENSION_MESSAGES.reasonRequired],
      [{ reason: 42 }, SUSPENSION_MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(SUSPENSION_LIMITS.reasonMax + 1) }, SUSPENSION_MESSAGES.reasonTooLong],
    ] as const) {
      const res = await suspend(moderator, bob.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const badId = await suspend(moderator, Number.NaN);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain(SUSPENSION_MESSAGES.invalidUserId);
    expect((await call(bob, { url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

describe('reporting what you cannot see', () => {
  it('answers as for a missing target: blocked posts, plans and comments, and suspended accounts', async () => {
    const [ann, bob, cat] = await Promise.all([person('Ann'), person('Bob'), person('Cat')]);
    const post = await createPost(t, ann.token);
    const plan = await createPlan(t, ann.token, { isPublic: true });
    const catPost = await createPost(t, cat.token);
    const comment = await addComment(t, ann, catPost.id, 'Seen by Bob until the block');
    const block = await call(ann, { method: 'PUT', url: `/api/users/${bob.user.id}/block` });
    expect(block.statusCode).toBe(200);
    await suspend(moderator, cat.user.id);

    const report = (targetType: string, targetId: number) =>
      call(bob, { method: 'POST', url: '/api/reports', payload: { targetType, targetId, reason: 'SPAM' } });
    const missing = await report('POST', 2_000_000_000);
    for (const res of [
      await report('POST', post.id),
      await report('LEARNING_PLAN', plan.id),
      await report('COMMENT', comment.id),
      await report('USER', cat.user.id),
      await report('POST', catPost.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(missing.json().message).toBe(REPORT_MESSAGES.targetNotFound);
  });
});
