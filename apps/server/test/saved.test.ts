import { PLAN_MESSAGES, POST_MESSAGES, type SavedPage } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { serverUrl } from './helpers/database.js';
import { createPlan, getPlan, planBody } from './helpers/plans.js';
import { createPost, filePart } from './helpers/posts.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount, request: InjectOptions) =>
  t.app.inject({ ...request, headers: bearer(account.token) });

async function setSaved(account: TestAccount, kind: 'posts' | 'learning-plans', id: number, saved: boolean) {
  const res = await call(account, { method: saved ? 'PUT' : 'DELETE', url: `/api/saved/${kind}/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ saved });
}

async function savedOf(account: TestAccount, query = ''): Promise<SavedPage> {
  const res = await call(account, { url: `/api/saved${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const listed = (page: SavedPage) =>
  page.content.map((item) =>
    item.type === 'POST' ? `post ${item.post.id}` : `plan ${item.learningPlan.id}`,
  );

describe('saved items', () => {
  it('saves posts and plans idempotently, lists them newest save first and shows isSaved to the saver only', async () => {
    const post = await createPost(t, bob.token, { title: 'Borrowing' });
    const plan = await createPlan(t, bob.token, { title: 'Rust path' });

    await setSaved(ann, 'posts', post.id, true);
    await setSaved(ann, 'posts', post.id, true);
    await setSaved(ann, 'learning-plans', plan.id, true);

    const page = await savedOf(ann);
    expect(listed(page)).toEqual([`plan ${plan.id}`, `post ${post.id}`]);
    expect(page.totalElements).toBe(2);
    const [first, second] = page.content;
    expect(first?.type === 'LEARNING_PLAN' && first.learningPlan.isSaved).toBe(true);
    expect(second?.type === 'POST' && second.post.title).toBe('Borrowing');
    expect(Date.parse(first!.savedAt)).toBeGreaterThanOrEqual(Date.parse(second!.savedAt));

    const postAsAnn = await call(ann, { url: `/api/posts/${post.id}` });
    expect(postAsAnn.json().isSaved).toBe(true);
    expect((await call(bob, { url: `/api/posts/${post.id}` })).json().isSaved).toBe(false);
    expect((await getPlan(t, ann.token, plan.id)).isSaved).toBe(true);
    expect((await getPlan(t, bob.token, plan.id)).isSaved).toBe(false);
    expect((await savedOf(bob)).content).toEqual([]);

    await setSaved(ann, 'posts', post.id, false);
    await setSaved(ann, 'posts', post.id, false);
    expect(listed(await savedOf(ann))).toEqual([`plan ${plan.id}`]);
    await setSaved(ann, 'learning-plans', plan.id, false);
  });

  it('forgets a save when its post or plan is deleted', async () => {
    const carol = await signUp(t, { name: 'Carol Diaz' });
    const post = await createPost(t, bob.token);
    const plan = await createPlan(t, bob.token);
    await setSaved(carol, 'posts', post.id, true);
    await setSaved(carol, 'learning-plans', plan.id, true);

    await call(bob, { method: 'DELETE', url: `/api/posts/${post.id}` });
    await call(bob, { method: 'DELETE', url: `/api/learning-plans/${plan.id}` });

    const page = await savedOf(carol);
    expect(page.content).toEqual([]);
    expect(page.totalElements).toBe(0);
  });

  it("answers 404 for another's private plan and unknown targets, 400 for a bad id", async () => {
    const hidden = await createPlan(t, bob.token, { isPublic: false });
    const refused = await call(ann, { method: 'PUT', url: `/api/saved/learning-plans/${hidden.id}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PLAN_MESSAGES.planNotFound);
    await setSaved(bob, 'learning-plans', hidden.id, true);

    const unknown = await call(ann, { method: 'PUT', url: '/api/saved/posts/2147483647' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(POST_MESSAGES.postNotFound);
    const bad = await call(ann, { method: 'DELETE', url: '/api/saved/posts/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const badPage = await call(ann, { url: '/api/saved?page=-1' });
    expect(badPage.statusCode).toBe(400);
  });

  it('leaves out a saved plan its creator made private, until it is public again', async () => {
    const dave = await signUp(t, { name: 'Dave Park' });
    const plan = await createPlan(t, bob.token, { title: 'Soon private' });
    await setSaved(dave, 'learning-plans', plan.id, true);
    const privately = await call(bob, {
      method: 'PUT',
      url: `/api/learning-plans/${plan.id}`,
      payload: planBody({ title: 'Soon private', isPublic: false }),
    });
    expect(privately.statusCode, privately.body).toBe(200);

    expect((await savedOf(dave)).content).toEqual([]);
    expect(
      (await call(dave, { method: 'PUT', url: `/api/saved/learning-plans/${plan.id}` })).statusCode,
    ).toBe(404);

    const publicly = await call(bob, {
      method: 'PUT',
      url: `/api/learning-plans/${plan.id}`,
      payload: planBody({ title: 'Public again' }),
    });
    expect(publicly.statusCode, publicly.body).toBe(200);
    expect(listed(await savedOf(dave))).toEqual([`plan ${plan.id}`]);
  });

  it('pages the list in the same number of statements for one item or many', async () => {
    const erin = await signUp(t, { name: 'Erin Holt' });
    const first = await createPost(t, bob.token, {}, [filePart('small.png')]);
    await setSaved(erin, 'posts', first.id, true);
    const one = await t.queries.count(() => call(erin, { url: '/api/saved' }));

    const posts = [];
    for (let i = 0; i < 3; i++) {
      const post = await createPost(t, bob.token, {}, [filePart('tiny.gif')]);
      posts.push(post.id);
      await setSaved(erin, 'posts', post.id, true);
      const plan = await createPlan(t, bob.token);
      await setSaved(erin, 'learning-plans', plan.id, true);
    }
    const many = await t.queries.count(() => call(erin, { url: '/api/saved?size=5' }));

    expect(many.result.json().content).toHaveLength(5);
    expect(many.result.json().totalElements).toBe(7);
    // The page of one post reads no plans; from then on the count stays whatever the page holds.
    expect(many.statements).toBe(one.statements + 2);
    const secondPage = await savedOf(erin, '?size=5&page=1');
    expect(listed(secondPage)).toEqual([`post ${posts[0]}`, `post ${first.id}`]);
    expect(secondPage.last).toBe(true);
  });

  // Only a PostgreSQL server runs the deletion and the save at once; PGlite takes one statement at a time.
  it.runIf(serverUrl)('answers 404, not 500, when the post is deleted while it is being saved', async () => {
    const post = await createPost(t, bob.token);
    let commitDeletion = () => {};
    const deletionMayCommit = new Promise<void>((resolve) => {
      commitDeletion = resolve;
    });
    let postDeleted = () => {};
    const deletedUncommitted = new Promise<void>((resolve) => {
      postDeleted = resolve;
    });
    const deletion = t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from posts where id = ${post.id}`);
      postDeleted();
      await deletionMayCommit;
    });
    await deletedUncommitted;

    // The save still sees the post, then its foreign key check waits for the deletion's lock.
    const saving = call(ann, { method: 'PUT', url: `/api/saved/posts/${post.id}` });
    await vi.waitFor(async () => {
      const waiting = (await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(waiting.rows[0]!.n).toBeGreaterThan(0);
    });
    commitDeletion();
    await deletion;

    const res = await saving;
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe(POST_MESSAGES.postNotFound);
  });
});
