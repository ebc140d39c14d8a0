import {
  DRAFT_LIMITS,
  DRAFT_MESSAGES,
  type Draft,
  type DraftPage,
  PLAN_MESSAGES,
  POST_LIMITS,
  type Post,
} from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { planBody } from './helpers/plans.js';
import { filePart, postPart, sendPost } from './helpers/posts.js';
import { callAs } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);

const postDraft = (fields: object) => ({ kind: 'POST', fields });

async function create(account: TestAccount, body: object): Promise<Draft> {
  const res = await call(account, { method: 'POST', url: '/api/drafts', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(account: TestAccount, query = ''): Promise<DraftPage> {
  const res = await call(account, { url: `/api/drafts${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const publish = (account: TestAccount | null, id: number, parts = [postPart({ altTexts: [] })]) =>
  sendPost(t, account?.token ?? null, parts, { method: 'POST', url: `/api/drafts/${id}/publish` });

describe('drafts', () => {
  it('keeps an unfinished post, replaces its fields, reads and deletes it', async () => {
    const dan = await signUp(t, { name: 'Dan' });
    const started = await create(dan, postDraft({ title: 'R', category: null }));
    expect(started).toEqual({
      id: expect.any(Number),
      kind: 'POST',
      fields: { title: 'R', category: null },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const put = await call(dan, {
      method: 'PUT',
      url: `/api/drafts/${started.id}`,
      payload: postDraft({ title: 'Rust traits', content: 'They are like interfaces', tags: ['rust'] }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().fields).toEqual({
      title: 'Rust traits',
      content: 'They are like interfaces',
      tags: ['rust'],
    });
    expect(Date.parse(put.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(started.updatedAt));
    expect((await call(dan, { url: `/api/drafts/${started.id}` })).json()).toEqual(put.json());

    expect((await call(dan, { method: 'DELETE', url: `/api/drafts/${started.id}` })).statusCode).toBe(204);
    const gone = await call(dan, { url: `/api/drafts/${started.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(DRAFT_MESSAGES.draftNotFound);
  });

  it('lists the writer’s drafts newest change first, with their title and first words', async () => {
    const eve = await signUp(t, { name: 'Eve' });
    const first = await create(eve, postDraft({ title: 'First', content: 'a'.repeat(500) }));
    const second = await create(eve, { kind: 'PLAN', fields: { title: 'A plan', description: 'Steps' } });
    await create(bob, postDraft({ title: 'Not Eve’s' }));
    await call(eve, {
      method: 'PUT',
      url: `/api/drafts/${first.id}`,
      payload: postDraft({ content: 'Words' }),
    });

    const page = await list(eve);
    expect(page.totalElements).toBe(2);
    expect(page.content).toEqual([
      {
        id: first.id,
        kind: 'POST',
        planId: null,
        title: '',
        excerpt: 'Words',
        updatedAt: expect.any(String),
      },
      {
        id: second.id,
        kind: 'PLAN',
        planId: null,
        title: 'A plan',
        excerpt: 'Steps',
        updatedAt: expect.any(String),
      },
    ]);
    const long = await create(eve, postDraft({ content: 'b'.repeat(500) }));
    expect((await list(eve)).content[0]).toMatchObject({
      id: long.id,
      excerpt: 'b'.repeat(DRAFT_LIMITS.excerptLength),
    });
    expect((await list(eve, '?page=1&size=2')).content.map((draft) => draft.id)).toEqual([second.id]);
  });

  it('shows a draft to nobody else: another person gets a 404 for every route, a visitor a 401', async () => {
    const draft = await create(ann, postDraft({ title: 'Secret plans', content: `Hi @${bob.user.handle}` }));
    for (const request of [
      { url: `/api/drafts/${draft.id}` },
      { method: 'PUT' as const, url: `/api/drafts/${draft.id}`, payload: postDraft({ title: 'Mine now' }) },
      { method: 'DELETE' as const, url: `/api/drafts/${draft.id}` },
    ]) {
      const res = await call(bob, request);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DRAFT_MESSAGES.draftNotFound);
      expect((await call(null, request)).statusCode).toBe(401);
    }
    expect((await publish(bob, draft.id)).statusCode).toBe(404);
    expect((await list(bob)).content.map((listed) => listed.id)).not.toContain(draft.id);
    expect((await call(ann, { url: `/api/drafts/${draft.id}` })).json().fields.title).toBe('Secret plans');
  });

  it('counts, lists, finds and notifies nothing of a draft', async () => {
    const fay = await signUp(t, { name: 'Fay' });
    const profileBefore = (await call(bob, { url: `/api/users/${fay.user.id}` })).json();
    await create(fay, postDraft({ title: 'Zanzibar quokka', content: `Hello @${bob.user.handle}` }));

    expect((await call(bob, { url: `/api/users/${fay.user.id}` })).json()).toEqual(profileBefore);
    expect((await call(bob, { url: `/api/posts/user/${fay.user.id}` })).json().totalElements).toBe(0);
    const search = (await call(bob, { url: '/api/search?q=quokka' })).json();
    expect(JSON.stringify(search)).not.toContain('Zanzibar');
    const notifications = (await call(bob, { url: '/api/notifications' })).json();
    expect(JSON.stringify(notifications)).not.toContain('Zanzibar');
    expect((await call(bob, { url: `/api/users/${fay.user.id}/activity` })).body).not.toContain('Zanzibar');
  });

  it('publishes a post draft with its media: the draft is gone and the post is in the feed', async () => {
    const gil = await signUp(t, { name: 'Gil' });
    const draft = await create(
      gil,
      postDraft({ title: 'Borrowing, drawn', content: 'A diagram', category: 'PROGRAMMING', tags: ['rust'] }),
    );
    const res = await publish(gil, draft.id, [
      postPart({ altTexts: ['The borrow checker'] }),
      filePart('small.png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { kind, id } = res.json();
    expect(kind).toBe('POST');

    const post: Post = (await call(bob, { url: `/api/posts/${id}` })).json();
    expect(post).toMatchObject({
      title: 'Borrowing, drawn',
      content: 'A diagram',
      category: 'PROGRAMMING',
      learningProgressPercent: null,
      tags: ['rust'],
      author: expect.objectContaining({ id: gil.user.id }),
    });
    expect(post.media).toEqual([expect.objectContaining({ type: 'IMAGE', altText: 'The borrow checker' })]);
    expect((await call(bob, { url: '/api/posts' })).json().content.map((p: Post) => p.id)).toContain(id);
    expect((await call(gil, { url: `/api/drafts/${draft.id}` })).statusCode).toBe(404);
    expect((await list(gil)).totalElements).toBe(0);
    // Published once: the same draft cannot make a second post.
    expect((await publish(gil, draft.id)).statusCode).toBe(404);
  });

  it('refuses to publish an unfinished post with the post’s own message, and keeps the draft', async () => {
    const hal = await signUp(t, { name: 'Hal' });
    const draft = await create(hal, postDraft({ title: 'No category yet', content: 'Soon' }));
    const res = await publish(hal, draft.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a category');
    expect((await call(hal, { url: `/api/drafts/${draft.id}` })).statusCode).toBe(200);
    expect((await call(hal, { url: `/api/posts/user/${hal.user.id}` })).json().totalElements).toBe(0);
  });

  it('publishes a plan draft as a plan', async () => {
    const ivy = await signUp(t, { name: 'Ivy' });
    const { tags: _, ...body } = planBody({ title: 'Drafted plan' });
    const draft = await create(ivy, { kind: 'PLAN', fields: body });
    const res = await call(ivy, { method: 'POST', url: `/api/drafts/${draft.id}/publish` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().kind).toBe('PLAN');
    const plan = (await call(bob, { url: `/api/learning-plans/${res.json().id}` })).json();
    expect(plan).toMatchObject({ title: 'Drafted plan', topics: [expect.anything(), expect.anything()] });
    expect((await call(ivy, { url: `/api/drafts/${draft.id}` })).statusCode).toBe(404);
  });

  it('refuses to publish a plan draft with a date the database has no day of, and keeps it', async () => {
    const ivy = await signUp(t, { name: 'Ivy Early' });
    const { tags: _, ...body } = planBody({ title: 'Year zero plan', startDate: '0000-01-01' });
    const draft = await create(ivy, { kind: 'PLAN', fields: body });
    const res = await call(ivy, { method: 'POST', url: `/api/drafts/${draft.id}/publish` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLAN_MESSAGES.dateOutOfRange);
    expect((await call(ivy, { url: `/api/drafts/${draft.id}` })).statusCode).toBe(200);
  });

  it('says what is wrong with a draft: its kind, its sizes, its id', async () => {
    const jo = await signUp(t, { name: 'Jo' });
    const refusal = async (request: InjectOptions, status = 400) => {
      const res = await call(jo, request);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().message;
    };
    const post = (payload: unknown) => ({
      method: 'POST' as const,
      url: '/api/drafts',
      payload: payload as object,
    });
    expect(await refusal(post({ kind: 'NOTE', fields: {} }))).toBe('kind must be POST or PLAN');
    expect(await refusal(post(postDraft({ title: 'x'.repeat(POST_LIMITS.titleMax + 1) })))).toBe(
      `Title must be at most ${POST_LIMITS.titleMax} characters`,
    );
    expect(await refusal(post(postDraft({ content: 'x'.repeat(POST_LIMITS.contentMax + 1) })))).toBe(
      `Content must be at most ${POST_LIMITS.contentMax} characters`,
    );
    const topics = Array.from({ length: 100 }, () => ({ title: 't', description: 'd'.repeat(1_500) }));
    expect(await refusal(post({ kind: 'PLAN', fields: { topics } }))).toBe(DRAFT_MESSAGES.tooLarge);
    const draft = await create(jo, postDraft({}));
    expect(
      await refusal({ method: 'PUT', url: `/api/drafts/${draft.id}`, payload: { kind: 'PLAN', fields: {} } }),
    ).toBe(DRAFT_MESSAGES.kindChanged);
    expect(await refusal({ url: '/api/drafts/abc' })).toBe(DRAFT_MESSAGES.invalidDraftId);
    expect(await refusal({ url: '/api/drafts/2147483648' }, 404)).toBe(DRAFT_MESSAGES.draftNotFound);
  });

  it(`keeps at most ${DRAFT_LIMITS.perPerson} drafts per person`, async () => {
    const kim = await signUp(t, { name: 'Kim' });
    await t.db.execute(sql`insert into drafts (user_id, kind, fields)
      select ${kim.user.id}, 'POST', '{}'::jsonb from generate_series(1, ${DRAFT_LIMITS.perPerson - 1})`);
    const last = await create(kim, postDraft({ title: 'The last one' }));
    const refused = await call(kim, { method: 'POST', url: '/api/drafts', payload: postDraft({}) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DRAFT_MESSAGES.tooMany);
    await call(kim, { method: 'DELETE', url: `/api/drafts/${last.id}` });
    expect((await call(kim, { method: 'POST', url: '/api/drafts', payload: postDraft({}) })).statusCode).toBe(
      201,
    );
  });

  it('lists in the same number of statements for one draft or many', async () => {
    const lou = await signUp(t, { name: 'Lou' });
    await create(lou, postDraft({ title: 'one' }));
    const one = await t.queries.count(() => call(lou, { url: '/api/drafts' }));
    for (let i = 0; i < 6; i++) await create(lou, postDraft({ title: `draft ${i}`, content: 'words' }));
    const many = await t.queries.count(() => call(lou, { url: '/api/drafts?size=5' }));
    const past = await t.queries.count(() => call(lou, { url: '/api/drafts?page=9' }));
    expect(many.result.json().content).toHaveLength(5);
    expect(many.statements).toBe(one.statements);
    expect(past.statements).toBe(one.statements);
    expect(one.statements).toBe(1);
  });
});
