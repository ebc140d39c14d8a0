import {
  GROUP_MESSAGES,
  GROUP_POST_REMOVAL_MESSAGES,
  type ModerationAction,
  type ModerationReport,
  type Page,
  REPORT_MESSAGES,
} from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { startGroup } from './helpers/groups.js';
import { createPlan } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
let moderator: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
  moderator = await signUp(t, { name: 'Mo Derator', email: MODERATOR_EMAIL.toUpperCase() });
});
afterAll(() => t.close());

const call = (account: TestAccount | null, request: InjectOptions) =>
  t.app.inject({ ...request, headers: account ? bearer(account.token) : {} });

const report = (account: TestAccount | null, payload: object) =>
  call(account, { method: 'POST', url: '/api/reports', payload });

async function queue(status: 'open' | 'closed', query = ''): Promise<Page<ModerationReport>> {
  const res = await call(moderator, { url: `/api/moderation/reports?status=${status}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const close = (account: TestAccount, reportId: number, payload: object) =>
  call(account, { method: 'POST', url: `/api/moderation/reports/${reportId}/close`, payload });

/** Someone of another server and their comment on `postId`, as the inbox stores them. */
async function remoteComment(postId: number, name: string) {
  const result = await t.db.execute(sql`with actor as (
      insert into remote_actors (uri, handle, name, profile_url)
      values (${`https://elsewhere.example/users/${name}`}, ${`@${name}@elsewhere.example`},
        ${`${name[0]!.toUpperCase()}${name.slice(1)} Elsewhere`}, ${`https://elsewhere.example/@${name}`})
      returning id)
    insert into comments (post_id, remote_actor_id, remote_uri, content)
    select ${postId}, id, ${`https://elsewhere.example/statuses/${name}`}, 'From elsewhere' from actor
    returning id as "commentId", remote_actor_id as "actorId"`);
  return (result as unknown as { rows: { commentId: number; actorId: number }[] }).rows[0]!;
}

describe('reporting', () => {
  it('files a report of what someone else made and tells the reporter it was received', async () => {
    const post = await createPost(t, ann.token, { title: 'Buy my course now' });
    const res = await report(bob, {
      targetType: 'POST',
      targetId: post.id,
      reason: 'SPAM',
      details: ' Ads ',
    });

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      message: REPORT_MESSAGES.received,
      forwarded: false,
    });
    const filed = (await queue('open')).content.find((item) => item.id === res.json().id);
    expect(filed).toMatchObject({
      targetType: 'POST',
      target: { id: post.id, summary: 'Buy my course now', path: `/post/${post.id}` },
      reason: 'SPAM',
      details: 'Ads',
      status: 'OPEN',
      reporter: { id: bob.user.id, name: 'Bob Stone' },
      fromServer: null,
      forwarded: false,
      closedAt: null,
      closedBy: null,
    });
  });

  it('keeps one open report per person and target: reporting again answers the same one', async () => {
    const post = await createPost(t, ann.token);
    const first = await report(bob, { targetType: 'POST', targetId: post.id, reason: 'SPAM' });
    const again = await report(bob, { targetType: 'POST', targetId: post.id, reason: 'HATE' });

    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const open = (await queue('open', '&size=50')).content.filter((item) => item.target?.id === post.id);
    expect(open).toHaveLength(1);
  });

  it('takes comments, plans and people, each linking to where it shows', async () => {
    const post = await createPost(t, ann.token);
    const comment = (
      await call(ann, {
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        payload: { content: 'Rude words' },
      })
    ).json();
    const plan = await createPlan(t, ann.token, { title: 'A public plan', isPublic: true });
    const filed = await Promise.all([
      report(bob, { targetType: 'COMMENT', targetId: comment.id, reason: 'HARASSMENT' }),
      report(bob, { targetType: 'LEARNING_PLAN', targetId: plan.id, reason: 'MISINFORMATION' }),
      report(bob, { targetType: 'USER', targetId: ann.user.id, reason: 'OTHER', details: 'Impersonation' }),
    ]);
    const ids = filed.map((res) => res.json().id);

    const byId = new Map((await queue('open', '&size=50')).content.map((item) => [item.id, item]));
    expect(ids.map((id) => byId.get(id)?.target)).toEqual([
      { id: comment.id, summary: 'Rude words', path: `/post/${post.id}` },
      { id: plan.id, summary: 'A public plan', path: `/learning-plan/${plan.id}` },
      { id: ann.user.id, summary: 'Ann Lee', path: `/profile/${ann.user.id}` },
    ]);
  });

  it('takes people of other servers and their comments, naming them there (federation-reports.test.ts)', async () => {
    const post = await createPost(t, ann.token);
    const { actorId, commentId } = await remoteComment(post.id, 'mal');
    const filed = await Promise.all([
      report(bob, { targetType: 'REMOTE_ACCOUNT', targetId: actorId, reason: 'SPAM' }),
      report(bob, { targetType: 'COMMENT', targetId: commentId, reason: 'HATE' }),
    ]);
    expect(filed.map((res) => res.json())).toEqual([
      { id: expect.any(Number), message: REPORT_MESSAGES.received, forwarded: false },
      { id: expect.any(Number), message: REPORT_MESSAGES.received, forwarded: false },
    ]);
    const byId = new Map((await queue('open', '&size=50')).content.map((item) => [item.id, item]));
    const remote = { handle: '@mal@elsewhere.example', profileUrl: 'https://elsewhere.example/@mal' };
    expect(filed.map((res) => byId.get(res.json().id)?.target)).toEqual([
      { id: actorId, summary: 'Mal Elsewhere', path: '/search?q=%40mal%40elsewhere.example', remote },
      { id: commentId, summary: 'From elsewhere', path: `/post/${post.id}`, remote },
    ]);

    // Without federation there is no one to send a copy to: the report is filed, and says so.
    const other = await remoteComment(post.id, 'eve');
    const forwarded = await report(bob, {
      targetType: 'REMOTE_ACCOUNT',
      targetId: other.actorId,
      reason: 'SPAM',
      forward: true,
    });
    expect(forwarded.statusCode).toBe(201);
    expect(forwarded.json()).toMatchObject({ message: REPORT_MESSAGES.forwardFailed, forwarded: false });
  });

  it('refuses to forward a report about someone here, and a remote account that is not known', async () => {
    const post = await createPost(t, ann.token);
    const local = await report(bob, { targetType: 'POST', targetId: post.id, reason: 'SPAM', forward: true });
    expect(local.statusCode).toBe(400);
    expect(local.json().message).toBe(REPORT_MESSAGES.notRemote);
    const wrong = await report(bob, {
      targetType: 'POST',
      targetId: post.id,
      reason: 'SPAM',
      forward: 'yes',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(REPORT_MESSAGES.invalidForward);
    const unknown = await report(bob, { targetType: 'REMOTE_ACCOUNT', targetId: 999_999, reason: 'SPAM' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REPORT_MESSAGES.targetNotFound);
  });

  it('takes study groups and posts in their discussion from those who see them, linking to the group', async () => {
    const plan = await createPlan(t, ann.token, { title: 'Rust together', isPublic: true });
    const group = await startGroup(t, ann, plan, { name: 'Rust circle' });
    await call(bob, { method: 'POST', url: `/api/groups/${group.id}/members`, payload: {} });
    const post = await call(ann, {
      method: 'POST',
      url: `/api/groups/${group.id}/posts`,
      payload: { content: 'Join my paid channel' },
    });
    expect(post.statusCode, post.body).toBe(201);

    const filed = await Promise.all([
      report(bob, { targetType: 'GROUP', targetId: group.id, reason: 'SPAM' }),
      report(bob, { targetType: 'GROUP_POST', targetId: post.json().id, reason: 'SPAM' }),
    ]);
    expect(filed.map((res) => res.statusCode)).toEqual([201, 201]);

    const byId = new Map((await queue('open', '&size=50')).content.map((item) => [item.id, item]));
    expect(filed.map((res) => byId.get(res.json().id))).toEqual([
      expect.objectContaining({
        targetType: 'GROUP',
        target: { id: group.id, summary: 'Rust circle', path: `/groups/${group.id}` },
      }),
      expect.objectContaining({
        targetType: 'GROUP_POST',
        target: { id: post.json().id, summary: 'Join my paid channel', path: `/groups/${group.id}` },
      }),
    ]);
  });

  it("refuses reports of a group's posts from people outside it, and of invite-only groups they are not in", async () => {
    const plan = await createPlan(t, ann.token, { isPublic: true });
    const open = await startGroup(t, ann, plan);
    const closed = await startGroup(t, ann, plan, { isPublic: false });
    const post = (
      await call(ann, { method: 'POST', url: `/api/groups/${open.id}/posts`, payload: { content: 'Hi' } })
    ).json();

    const answers = await Promise.all([
      report(bob, { targetType: 'GROUP', targetId: closed.id, reason: 'SPAM' }),
      report(bob, { targetType: 'GROUP_POST', targetId: post.id, reason: 'SPAM' }),
      report(ann, { targetType: 'GROUP', targetId: open.id, reason: 'SPAM' }),
    ]);
    expect(answers.map((res) => [res.statusCode, res.json().message])).toEqual([
      [404, REPORT_MESSAGES.targetNotFound],
      [404, REPORT_MESSAGES.targetNotFound],
      [400, REPORT_MESSAGES.ownContent],
    ]);
  });

  it.each([
    [
      'your own post',
      async () => ({ targetType: 'POST', targetId: (await createPost(t, bob.token)).id }),
      400,
      REPORT_MESSAGES.ownContent,
    ],
    [
      'yourself',
      async () => ({ targetType: 'USER', targetId: bob.user.id }),
      400,
      REPORT_MESSAGES.ownContent,
    ],
    [
      'a post that does not exist',
      async () => ({ targetType: 'POST', targetId: 2_000_000_000 }),
      404,
      REPORT_MESSAGES.targetNotFound,
    ],
    [
      "someone else's private plan",
      async () => ({
        targetType: 'LEARNING_PLAN',
        targetId: (await createPlan(t, ann.token, { isPublic: false })).id,
      }),
      404,
      REPORT_MESSAGES.targetNotFound,
    ],
  ])('refuses a report of %s', async (_case, target, status, message) => {
    const res = await report(bob, { ...(await target()), reason: 'SPAM' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it.each([
    [{ targetType: 'PAGE', targetId: 1, reason: 'SPAM' }, REPORT_MESSAGES.invalidTargetType],
    [{ targetType: 'POST', targetId: 1, reason: 'BORING' }, REPORT_MESSAGES.invalidReason],
    [{ targetType: 'POST', targetId: 2_147_483_648, reason: 'SPAM' }, REPORT_MESSAGES.targetNotFound],
    [
      { targetType: 'POST', targetId: 1, reason: 'SPAM', details: 'x'.repeat(1001) },
      REPORT_MESSAGES.detailsTooLong,
    ],
    [{ targetType: 'POST', targetId: 1, reason: 'SPAM', details: 'nul\u0000' }, undefined],
  ])('answers a clear 400 to %j', async (payload, message) => {
    const res = await report(bob, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(message ?? expect.any(String));
  });

  it('asks visitors to sign in', async () => {
    expect(
      (await report(null, { targetType: 'USER', targetId: ann.user.id, reason: 'SPAM' })).statusCode,
    ).toBe(401);
  });
});

describe('moderation', () => {
  it('tells moderators (ADMIN_EMAILS, any letter case) that they are, and nobody else', async () => {
    expect((await call(moderator, { url: '/api/auth/me' })).json().isModerator).toBe(true);
    expect((await call(ann, { url: '/api/auth/me' })).json().isModerator).toBe(false);
  });

  it('keeps the queue and the log from everyone else', async () => {
    for (const url of ['/api/moderation/reports', '/api/moderation/actions']) {
      const res = await call(ann, { url });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REPORT_MESSAGES.moderatorsOnly);
    }
    const filed = (await report(bob, { targetType: 'USER', targetId: ann.user.id, reason: 'SPAM' })).json();
    expect((await close(ann, filed.id, { outcome: 'DISMISSED' })).statusCode).toBe(403);
  });

  it('closes a report once, records who did what and when, and lists it as closed', async () => {
    const post = await createPost(t, ann.token, { title: 'Off-topic' });
    const filed = (
      await report(bob, { targetType: 'POST', targetId: post.id, reason: 'INAPPROPRIATE' })
    ).json();

    const closed = await close(moderator, filed.id, { outcome: 'RESOLVED', note: 'Asked Ann to edit it' });
    expect(closed.statusCode, closed.body).toBe(204);
    expect((await queue('open', '&size=50')).content.map((item) => item.id)).not.toContain(filed.id);
    const [latest] = (await queue('closed')).content;
    expect(latest).toMatchObject({
      id: filed.id,
      status: 'RESOLVED',
      note: 'Asked Ann to edit it',
      closedBy: { id: moderator.user.id, name: 'Mo Derator' },
      closedAt: expect.any(String),
    });

    const again = await close(moderator, filed.id, { outcome: 'DISMISSED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPORT_MESSAGES.alreadyClosed);

    const log = (await call(moderator, { url: '/api/moderation/actions' })).json() as Page<ModerationAction>;
    expect(log.content[0]).toMatchObject({
      action: 'REPORT_RESOLVED',
      moderator: { id: moderator.user.id, name: 'Mo Derator' },
      reportId: filed.id,
      targetType: 'POST',
      targetId: post.id,
      note: 'Asked Ann to edit it',
    });
  });

  it("removes a reported post of a group's discussion for everyone, resolving its reports in the log", async () => {
    const plan = await createPlan(t, ann.token, { isPublic: true });
    const group = await startGroup(t, ann, plan);
    await call(bob, { method: 'POST', url: `/api/groups/${group.id}/members`, payload: {} });
    const post = (
      await call(ann, { method: 'POST', url: `/api/groups/${group.id}/posts`, payload: { content: 'Spam' } })
    ).json();
    const filed = (await report(bob, { targetType: 'GROUP_POST', targetId: post.id, reason: 'SPAM' })).json();
    const remove = (account: TestAccount, id: number) =>
      call(account, {
        method: 'POST',
        url: `/api/moderation/group-posts/${id}/remove`,
        payload: { note: 'Ads' },
      });

    const refused = await remove(bob, post.id);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      GROUP_POST_REMOVAL_MESSAGES.moderatorsOnly,
    ]);
    expect((await remove(moderator, post.id)).statusCode).toBe(204);

    const discussion = await call(bob, { url: `/api/groups/${group.id}/posts` });
    expect(discussion.json().content).toEqual([]);
    const closed = (await queue('closed', '&size=50')).content.find((item) => item.id === filed.id);
    expect(closed).toMatchObject({ status: 'RESOLVED', note: 'Ads', target: null });
    const log = (await call(moderator, { url: '/api/moderation/actions' })).json() as Page<ModerationAction>;
    expect(log.content.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'GROUP_POST_REMOVED',
          targetType: 'GROUP_POST',
          targetId: post.id,
        }),
        expect.objectContaining({ action: 'REPORT_RESOLVED', reportId: filed.id, targetId: post.id }),
      ]),
    );
    const gone = await remove(moderator, post.id);
    expect([gone.statusCode, gone.json().message]).toEqual([404, GROUP_MESSAGES.postNotFound]);
  });

  it.each([
    ['an unknown report', 2_000_000_000, { outcome: 'RESOLVED' }, 404, REPORT_MESSAGES.reportNotFound],
    ['an outcome that is not one', 1, { outcome: 'DELETED' }, 400, REPORT_MESSAGES.invalidOutcome],
  ])('answers closing %s clearly', async (_case, id, payload, status, message) => {
    const res = await close(moderator, id, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('keeps a report whose target was deleted, saying the target is gone', async () => {
    const post = await createPost(t, ann.token);
    const filed = (await report(bob, { targetType: 'POST', targetId: post.id, reason: 'SPAM' })).json();
    expect((await call(ann, { method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(204);

    const kept = (await queue('open', '&size=50')).content.find((item) => item.id === filed.id);
    expect(kept).toMatchObject({ targetType: 'POST', target: null, reason: 'SPAM' });
  });

  it('reads a page of the queue in the same number of statements, however many reports it holds', async () => {
    const few = await t.queries.count(() => call(moderator, { url: '/api/moderation/reports?size=2' }));
    const posts = await Promise.all(Array.from({ length: 12 }, () => createPost(t, ann.token)));
    await Promise.all(
      posts.map((post) => report(bob, { targetType: 'POST', targetId: post.id, reason: 'SPAM' })),
    );
    const many = await t.queries.count(() => call(moderator, { url: '/api/moderation/reports?size=50' }));
    expect(many.result.json().content.length).toBeGreaterThan(12);
    expect(many.statements).toBe(few.statements);
    const log = await t.queries.count(() => call(moderator, { url: '/api/moderation/actions?size=50' }));
    expect(log.statements).toBe(few.statements);
  });
});
