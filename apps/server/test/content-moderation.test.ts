import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  HIDE_LIMITS,
  HIDE_MESSAGES,
  type ModerationAction,
  type ModerationReport,
  type Page,
  POST_MESSAGES,
} from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { createPlan, getPlan } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';
import { addComment, follow } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
let moderator: TestAccount;
const webDistDir = mkdtempSync(path.join(tmpdir(), 'pathwise-web-'));
const indexHtml = path.join(webDistDir, 'index.html');

beforeAll(async () => {
  writeFileSync(
    indexHtml,
    '<!doctype html>\n<html lang="en"><head><title>Pathwise</title></head><body></body></html>\n',
  );
  t = await createTestApp({ webDistDir, config: { publicUrl: 'https://pathwise.example' } });
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
  moderator = await signUp(t, { name: 'Mo Derator', email: MODERATOR_EMAIL });
  await follow(t, bob, ann);
});
afterAll(() => t.close());

const call = (account: TestAccount | null, request: InjectOptions) =>
  t.app.inject({ ...request, headers: account ? bearer(account.token) : {} });

/** The response of a read that must succeed, as the client parses it. */
async function get(account: TestAccount, url: string) {
  const res = await call(account, { url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

type Kind = 'posts' | 'comments' | 'plans';
const hide = (kind: Kind, id: number, reason: unknown = 'Spam links', account = moderator) =>
  call(account, { method: 'POST', url: `/api/moderation/${kind}/${id}/hide`, payload: { reason } });
const unhide = (kind: Kind, id: number, account = moderator) =>
  call(account, { method: 'POST', url: `/api/moderation/${kind}/${id}/unhide` });

async function hidden(kind: Kind, id: number, reason = 'Spam links') {
  const res = await hide(kind, id, reason);
  expect(res.statusCode, res.body).toBe(204);
}

const ids = (page: { content: { id: number }[] }) => page.content.map((item) => item.id);
const savedIds = (page: { content: { post?: { id: number }; learningPlan?: { id: number } }[] }) =>
  page.content.map((item) => item.post?.id ?? item.learningPlan?.id);

/** Every list a post shows in, as `account` reads it, with each list's total. */
async function postLists(account: TestAccount, word: string) {
  const [feed, profile, search, following, saved] = await Promise.all([
    get(account, '/api/posts?size=50'),
    get(account, `/api/posts/user/${ann.user.id}?size=50`),
    get(account, `/api/search?query=${word}`),
    get(account, '/api/feed/following?size=50'),
    get(account, '/api/saved?size=50'),
  ]);
  return {
    feed: { ids: ids(feed), total: feed.totalElements },
    profile: { ids: ids(profile), total: profile.totalElements },
    search: ids(search.posts),
    following: savedIds(following),
    saved: savedIds(saved),
  };
}

describe('a hidden post', () => {
  it('is gone for everyone but its author, who sees why; unhiding brings it back', async () => {
    const post = await createPost(t, ann.token, { title: 'Zanzibarian spam offer' });
    await call(bob, { method: 'PUT', url: `/api/saved/posts/${post.id}` });
    const before = await postLists(bob, 'zanzibarian');
    expect(before.search).toEqual([post.id]);
    expect(before.saved).toContain(post.id);

    await hidden('posts', post.id, 'Advertising is not allowed');

    const after = await postLists(bob, 'zanzibarian');
    expect(after.feed.ids).not.toContain(post.id);
    expect(after.feed.total).toBe(before.feed.total - 1);
    expect(after.profile.ids).not.toContain(post.id);
    expect(after.profile.total).toBe(before.profile.total - 1);
    expect(after.search).toEqual([]);
    expect(after.following).not.toContain(post.id);
    expect(after.saved).not.toContain(post.id);
    for (const account of [bob, moderator]) {
      expect((await call(account, { url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    }
    for (const request of [
      { url: `/api/posts/${post.id}/comments` },
      { method: 'POST', url: `/api/posts/${post.id}/like` },
      { method: 'POST', url: `/api/posts/${post.id}/comments`, payload: { content: 'Hi' } },
      { method: 'PUT', url: `/api/saved/posts/${post.id}` },
    ] as InjectOptions[]) {
      const res = await call(bob, request);
      expect(res.statusCode, String(request.url)).toBe(404);
      expect(res.json().message).toBe(POST_MESSAGES.postNotFound);
    }
    const report = await call(bob, {
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'POST', targetId: post.id, reason: 'SPAM' },
    });
    expect(report.statusCode).toBe(404);

    // Its author still has it everywhere, with the moderator's reason.
    const moderation = { hiddenAt: expect.any(String), reason: 'Advertising is not allowed' };
    expect(await get(ann, `/api/posts/${post.id}`)).toMatchObject({ id: post.id, moderation });
    const own = await postLists(ann, 'zanzibarian');
    expect(own.feed.ids).toContain(post.id);
    expect(own.profile.ids).toContain(post.id);
    expect(own.search).toEqual([post.id]);
    const inFeed = (await get(ann, '/api/posts?size=50')).content.find(
      (p: { id: number }) => p.id === post.id,
    );
    expect(inFeed.moderation).toEqual(moderation);

    expect((await unhide('posts', post.id)).statusCode).toBe(204);
    const restored = await postLists(bob, 'zanzibarian');
    expect(restored).toEqual(before);
    expect((await get(ann, `/api/posts/${post.id}`)).moderation).toBeUndefined();
  });

  it('gives link previews nothing', async () => {
    const post = await createPost(t, ann.token, { title: 'Previewed then hidden' });
    const page = async () =>
      (
        await t.app.inject({
          url: `/post/${post.id}`,
          headers: { accept: 'text/html', 'user-agent': 'Slackbot' },
        })
      ).body;
    expect(await page()).toContain('Previewed then hidden');
    await hidden('posts', post.id);
    expect(await page()).toBe(readFileSync(indexHtml, 'utf8'));
  });

  it('takes notifications and activities about it away from others', async () => {
    const post = await createPost(t, bob.token, { title: 'Thanks @ann' });
    const comment = await addComment(t, ann, post.id, 'Welcome!');
    const notices = async () =>
      (await get(bob, '/api/notifications?size=50')).content.filter(
        (n: { entityId: number; type: string }) => n.type === 'COMMENT',
      ).length;
    const activities = async () =>
      ids(await get(bob, `/api/users/${ann.user.id}/social-activity?size=50`)).length;
    const [noticesBefore, activitiesBefore] = [await notices(), await activities()];
    expect(noticesBefore).toBeGreaterThan(0);

    await hidden('comments', comment.id);

    expect(await notices()).toBe(noticesBefore - 1);
    expect(await activities()).toBe(activitiesBefore - 1);
    await unhide('comments', comment.id);
    expect(await notices()).toBe(noticesBefore);
  });
});

describe('a hidden comment', () => {
  it('leaves the list for others and stays for its author; the post keeps its count', async () => {
    const post = await createPost(t, ann.token);
    const rude = await addComment(t, bob, post.id, 'Rude words');
    const kind = await addComment(t, ann, post.id, 'Kind words');

    await hidden('comments', rude.id, 'Insults');

    const asAnn = await get(ann, `/api/posts/${post.id}/comments`);
    expect(ids(asAnn)).toEqual([kind.id]);
    expect(asAnn.totalElements).toBe(1);
    const asBob = await get(bob, `/api/posts/${post.id}/comments`);
    expect(ids(asBob)).toEqual([kind.id, rude.id]);
    expect(asBob.content[1].moderation).toEqual({ hiddenAt: expect.any(String), reason: 'Insults' });
    expect(asBob.content[0].moderation).toBeUndefined();
    // Like Mastodon's replies count, the post's count is what was written.
    expect((await get(ann, `/api/posts/${post.id}`)).commentsCount).toBe(2);

    await unhide('comments', rude.id);
    expect(ids(await get(ann, `/api/posts/${post.id}/comments`))).toEqual([kind.id, rude.id]);
  });
});

describe('a hidden plan', () => {
  it('is gone for everyone but its creator, who sees why', async () => {
    const plan = await createPlan(t, ann.token, { title: 'Quixotic astrology plan' });
    const lists = async (account: TestAccount) => {
      const [pub, profile, search] = await Promise.all([
        get(account, '/api/learning-plans/public?size=50'),
        get(account, `/api/learning-plans/user/${ann.user.id}?size=50`),
        get(account, '/api/search?query=quixotic'),
      ]);
      return {
        public: { ids: ids(pub), total: pub.totalElements },
        profile: { ids: ids(profile), total: profile.totalElements },
        search: ids(search.learningPlans),
      };
    };
    const full = await getPlan(t, bob.token, plan.id);
    const topic = full.topics[0]!;
    const tracked = await call(bob, {
      method: 'PATCH',
      url:
        `/api/learning-plans/${plan.id}/topics/${topic.id}` +
        `/resources/${topic.resources[0]!.id}/user-progress?isCompleted=true`,
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    const inProgress = async () =>
      ((await get(bob, '/api/feed/plans-in-progress')) as { id: number }[]).map((p) => p.id);
    expect(await inProgress()).toContain(plan.id);
    const before = await lists(bob);
    expect(before.search).toEqual([plan.id]);

    await hidden('plans', plan.id, 'Misinformation');

    const after = await lists(bob);
    expect(after.public).toEqual({
      ids: before.public.ids.filter((id) => id !== plan.id),
      total: before.public.total - 1,
    });
    expect(after.profile.ids).not.toContain(plan.id);
    expect(after.search).toEqual([]);
    expect(await inProgress()).not.toContain(plan.id);
    for (const request of [
      { url: `/api/learning-plans/${plan.id}` },
      { method: 'POST', url: `/api/learning-plans/${plan.id}/copies` },
      { method: 'PUT', url: `/api/saved/learning-plans/${plan.id}` },
    ] as InjectOptions[]) {
      expect((await call(bob, request)).statusCode, String(request.url)).toBe(404);
    }
    const own = await get(ann, `/api/learning-plans/${plan.id}`);
    expect(own.moderation).toEqual({ hiddenAt: expect.any(String), reason: 'Misinformation' });
    expect(ids(await get(ann, `/api/learning-plans/user/${ann.user.id}?size=50`))).toContain(plan.id);

    await unhide('plans', plan.id);
    expect(await lists(bob)).toEqual(before);
  });
});

describe('moderator actions', () => {
  it('are for moderators only', async () => {
    const post = await createPost(t, ann.token);
    for (const account of [ann, bob]) {
      const res = await hide('posts', post.id, 'Mine', account);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(HIDE_MESSAGES.moderatorsOnly);
      expect((await unhide('posts', post.id, account)).statusCode).toBe(403);
    }
    expect(
      (await call(null, { method: 'POST', url: `/api/moderation/posts/${post.id}/hide` })).statusCode,
    ).toBe(401);
    expect((await get(bob, `/api/posts/${post.id}`)).id).toBe(post.id);
  });

  it('refuse a missing or too long reason, unknown targets, and unhiding what is not hidden', async () => {
    const post = await createPost(t, ann.token);
    const withoutReason = await call(moderator, {
      method: 'POST',
      url: `/api/moderation/posts/${post.id}/hide`,
      payload: {},
    });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().message).toBe(HIDE_MESSAGES.reasonRequired);
    for (const [reason, message] of [
      ['   ', HIDE_MESSAGES.reasonRequired],
      [42, HIDE_MESSAGES.reasonRequired],
      ['x'.repeat(HIDE_LIMITS.reasonMax + 1), HIDE_MESSAGES.reasonTooLong],
    ] as const) {
      const res = await hide('posts', post.id, reason);
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const kind of ['posts', 'comments', 'plans'] as const) {
      expect((await hide(kind, 999_999)).statusCode).toBe(404);
      expect((await unhide(kind, 999_999)).statusCode).toBe(404);
      expect((await hide(kind, 'abc' as unknown as number)).statusCode).toBe(400);
    }
    const notHidden = await unhide('posts', post.id);
    expect(notHidden.statusCode).toBe(409);
    expect(notHidden.json().message).toBe(HIDE_MESSAGES.notHidden);
  });

  it('are logged with who, what and when, and hiding resolves the open reports about it', async () => {
    const post = await createPost(t, ann.token, { title: 'Reported then hidden' });
    const filed = await call(bob, {
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'POST', targetId: post.id, reason: 'SPAM' },
    });
    const reportId = filed.json().id;
    const inQueue = async (status: 'open' | 'closed') =>
      (
        (await get(moderator, `/api/moderation/reports?status=${status}&size=50`)) as Page<ModerationReport>
      ).content.find((r) => r.id === reportId);

    await hidden('posts', post.id, 'Ads');

    expect(await inQueue('open')).toBeUndefined();
    expect(await inQueue('closed')).toMatchObject({
      status: 'RESOLVED',
      note: 'Ads',
      closedBy: { id: moderator.user.id },
      target: { id: post.id, moderation: { hiddenAt: expect.any(String), reason: 'Ads' } },
    });
    await unhide('posts', post.id);
    expect((await inQueue('closed'))?.target?.moderation).toBeUndefined();

    const log = ((await get(moderator, '/api/moderation/actions?size=3')) as Page<ModerationAction>).content;
    expect(log.map((a) => [a.action, a.targetType, a.targetId, a.note, a.reportId])).toEqual([
      ['POST_UNHIDDEN', 'POST', post.id, '', null],
      ['REPORT_RESOLVED', 'POST', post.id, 'Ads', reportId],
      ['POST_HIDDEN', 'POST', post.id, 'Ads', null],
    ]);
    expect(log[0]).toMatchObject({ moderator: { id: moderator.user.id }, createdAt: expect.any(String) });
  });
});

describe('reads with hidden content', () => {
  it('cost the same number of statements', async () => {
    const post = await createPost(t, ann.token);
    const urls = [
      '/api/posts',
      `/api/posts/user/${ann.user.id}`,
      `/api/posts/${post.id}/comments`,
      '/api/learning-plans/public',
      '/api/feed/following',
      '/api/notifications',
    ];
    const cost = async () => {
      const counts = [];
      for (const url of urls) counts.push((await t.queries.count(() => call(bob, { url }))).statements);
      return counts;
    };
    const before = await cost();
    for (let i = 0; i < 3; i++) {
      await hidden('posts', (await createPost(t, ann.token)).id);
      await hidden('comments', (await addComment(t, ann, post.id, `Comment ${i}`)).id);
      await hidden('plans', (await createPlan(t, ann.token)).id);
    }
    expect(await cost()).toEqual(before);
  });
});
