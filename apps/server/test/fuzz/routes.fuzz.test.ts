import { fc, it } from '@fast-check/vitest';
import { type Comment, PAGE_SIZE, type Page } from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect } from 'vitest';
import { bearer, deleteByHand, signUp } from '../helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL } from '../helpers/app.js';
import { planBody } from '../helpers/plans.js';
import { createPost, filePart, fixture, postPart, validPost } from '../helpers/posts.js';
import { multipartBodies } from './multipart-bodies.js';

/**
 * Property-based fuzzing of every route from the route table and its OpenAPI schema: valid, boundary
 * and hostile path ids, queries, bodies, content types and tokens. Asserted: never a 5xx, every 4xx
 * says why, and what a bystander made before reads back unchanged. FUZZ_RUNS sets the number of
 * requests of the whole run (default 10,000).
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

const t = await createTestApp();
const bystander = await signUp(t, { name: 'Bystander' });
const fuzzer = await signUp(t, { name: 'Fuzzer' });
const deleted = await signUp(t, { name: 'Deleted' });
await deleteByHand(t, deleted);
afterAll(() => t.close());

const as = (token: string, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...request.headers, ...bearer(token) } });

const { altTexts: _, ...draftFields } = validPost;
async function thingsOf(token: string) {
  const post = await createPost(t, token);
  const comment = (
    await as(token, { method: 'POST', url: `/api/posts/${post.id}/comments`, payload: { content: 'Hi' } })
  ).json();
  const plan = (await as(token, { method: 'POST', url: '/api/learning-plans', payload: planBody() })).json();
  const draft = (
    await as(token, { method: 'POST', url: '/api/drafts', payload: { kind: 'POST', fields: draftFields } })
  ).json();
  return { post, comment, plan, draft };
}
const theirs = await thingsOf(bystander.token);
const mine = await thingsOf(fuzzer.token);
await as(bystander.token, { method: 'POST', url: `/api/posts/${mine.post.id}/like` });

/**
 * Things the fuzzer can no longer see: notifications from people it muted or blocked, who blocked it or
 * were suspended, and about a comment a moderator hid, and others' hidden posts and plans. Their ids are
 * fuzzed with the rest, so a route that writes and then fails to read back what the viewer may see is found.
 */
async function hiddenFromFuzzer(): Promise<number[]> {
  const moderator = await signUp(t, { name: 'Moderator', email: MODERATOR_EMAIL });
  const ok = async (token: string, request: InjectOptions) => {
    const res = await as(token, request);
    if (res.statusCode >= 300) throw new Error(`${request.method} ${request.url}: ${res.body}`);
    return res.statusCode === 204 ? null : res.json();
  };
  const moderate = (url: string) => ok(moderator.token, { method: 'POST', url, payload: { reason: 'Spam' } });
  // Mentions in comments on the bystander's post: nothing the fuzzer may delete takes them away.
  const mention = (token: string) =>
    ok(token, {
      method: 'POST',
      url: `/api/posts/${theirs.post.id}/comments`,
      payload: { content: `Hi @${fuzzer.user.handle}` },
    });
  const [muted, blocked, blocker, suspended] = [
    await signUp(t, { name: 'Muted' }),
    await signUp(t, { name: 'Blocked' }),
    await signUp(t, { name: 'Blocker' }),
    await signUp(t, { name: 'Suspended' }),
  ];
  const people = [muted, blocked, blocker, suspended];
  const things = [];
  for (const person of people) {
    things.push(await thingsOf(person.token));
    await mention(person.token);
  }
  const hiddenComment = await mention(bystander.token);
  const hidden = await thingsOf(bystander.token);
  const notifications = (await ok(fuzzer.token, { url: '/api/notifications?size=50' })).content;

  await ok(fuzzer.token, { method: 'PUT', url: `/api/users/${muted.user.id}/mute` });
  await ok(fuzzer.token, { method: 'PUT', url: `/api/users/${blocked.user.id}/block` });
  await ok(blocker.token, { method: 'PUT', url: `/api/users/${fuzzer.user.id}/block` });
  await moderate(`/api/moderation/users/${suspended.user.id}/suspend`);
  await moderate(`/api/moderation/comments/${hiddenComment.id}/hide`);
  await moderate(`/api/moderation/posts/${hidden.post.id}/hide`);
  await moderate(`/api/moderation/plans/${hidden.plan.id}/hide`);
  return [
    ...notifications.map((notification: { id: number }) => notification.id),
    ...people.map((person) => person.user.id),
    ...[...things, hidden].flatMap(({ post, comment, plan }) => [post.id, comment.id, plan.id]),
    hiddenComment.id,
  ];
}
const hiddenIds = await hiddenFromFuzzer();

/** Every page of the comments on the bystander's post: the fuzzer may add many. */
async function allComments(read: (url: string) => Promise<Page<Comment>>): Promise<Comment[]> {
  const comments: Comment[] = [];
  for (let page = 0; ; page++) {
    const { content, last } = await read(
      `/api/posts/${theirs.post.id}/comments?page=${page}&size=${PAGE_SIZE.max}`,
    );
    comments.push(...content);
    if (last) return comments;
  }
}

/** What only the bystander may change, as they read it. */
async function bystanderView() {
  const read = async (url: string) => (await as(bystander.token, { url })).json();
  const post = await read(`/api/posts/${theirs.post.id}`);
  const plan = await read(`/api/learning-plans/${theirs.plan.id}`);
  const profile = await read(`/api/users/${bystander.user.id}`);
  const draft = await read(`/api/drafts/${theirs.draft.id}`);
  return {
    draft: [draft.kind, draft.fields, draft.updatedAt],
    post: [post.title, post.content, post.category, post.media],
    plan: [plan.title, plan.description, plan.isPublic, JSON.stringify(plan.topics)],
    profile: [profile.name, profile.email, profile.bio, profile.location, profile.profilePicture],
    // Others may comment on the post; the bystander's own comments must stay as written.
    comments: (await allComments(read)).filter((c) => c.user?.id === bystander.user.id).map((c) => c.content),
  };
}
const before = await bystanderView();

const ids = [
  theirs.post.id,
  theirs.comment.id,
  theirs.plan.id,
  theirs.plan.topics[0].id,
  theirs.plan.topics[0].resources[0].id,
  mine.post.id,
  mine.comment.id,
  mine.plan.id,
  mine.plan.topics[0].id,
  mine.plan.topics[0].resources[0].id,
  theirs.draft.id,
  mine.draft.id,
  bystander.user.id,
  fuzzer.user.id,
  deleted.user.id,
  1,
  2,
  // A tag (the tag routes' segment); every id route answers it with its "invalid id" 400.
  'rust',
].map(String);
const HOSTILE_NUMBERS = [0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308];
const hostileSegment = fc.oneof(
  fc.constantFrom(
    ...HOSTILE_NUMBERS.map(String),
    'abc',
    '%00',
    '%ZZ',
    '%F0%9F',
    '%ED%A0%80',
    '1%00',
    'null',
    'a'.repeat(3000),
  ),
  fc.string().map(encodeURIComponent),
);
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ids) },
  { weight: 2, arbitrary: fc.constantFrom(...hiddenIds.map(String)) },
  { weight: 2, arbitrary: hostileSegment },
);

const deepNesting = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'a\uDC00b',
    '😀',
    'x'.repeat(100_000),
    '<script>alert(1)</script>',
    "'; drop table users; --",
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(...HOSTILE_NUMBERS, true, false, null, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
);

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
};
const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const operationOf = (method: string, url: string): Operation | undefined =>
  doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

/** Valid bodies to start from, so that mutations reach the rules behind the first field check. */
const VALID_BODIES: Record<string, () => object> = {
  'POST /api/learning-plans': planBody,
  'PUT /api/learning-plans/:planId': planBody,
  'PUT /api/users/:id': () => ({ name: 'Fuzzer', email: fuzzer.user.email, bio: 'b', location: 'l' }),
  'POST /api/posts/:postId/comments': () => ({ content: 'A comment' }),
  'PUT /api/comments/:id': () => ({ content: 'Edited' }),
  'POST /api/drafts': () => ({ kind: 'POST', fields: draftFields }),
  'PUT /api/drafts/:id': () => ({ kind: 'POST', fields: draftFields }),
  'PUT /api/learning-plans/:planId/progress-share': () => ({ shared: true }),
  'PUT /api/learning-plans/:planId/topics/:topicId/note': () => ({ content: 'A note' }),
  'PUT /api/learning-plans/:planId/topics/:topicId/resources/:resourceId/note': () => ({ content: 'A note' }),
  'POST /api/learning-plans/:planId/topics/:topicId/resources': () => ({
    title: 'R',
    type: 'ARTICLE',
    url: 'https://example.com',
  }),
  'POST /api/auth/login': () => ({ email: fuzzer.user.email, password: 'wrong password' }),
  'POST /api/auth/signup': () => ({ name: 'New', email: 'new@example.com', password: 'long enough pw' }),
  'POST /api/auth/password/forgot': () => ({ email: fuzzer.user.email }),
  'POST /api/auth/password/reset': () => ({ token: 'never-sent', password: 'long enough pw' }),
  'POST /api/auth/password/change': () => ({
    currentPassword: fuzzer.password,
    newPassword: fuzzer.password,
  }),
  'POST /api/auth/email/change': () => ({ newEmail: 'fuzzed@example.com', currentPassword: fuzzer.password }),
  'POST /api/auth/email/confirm': () => ({ token: 'never-sent' }),
  // Never the right password: the fuzzer's account must outlive the run.
  'POST /api/account/delete': () => ({ password: 'wrong password' }),
  'POST /api/reports': () => ({ targetType: 'POST', targetId: 1, reason: 'SPAM', details: 'Ads' }),
  'POST /api/moderation/reports/:reportId/close': () => ({ outcome: 'RESOLVED', note: 'Done' }),
  'POST /api/moderation/posts/:id/hide': () => ({ reason: 'Spam' }),
  'POST /api/moderation/comments/:id/hide': () => ({ reason: 'Spam' }),
  'POST /api/moderation/plans/:id/hide': () => ({ reason: 'Spam' }),
  'POST /api/moderation/users/:userId/suspend': () => ({ reason: 'Spam' }),
  'POST /api/moderation/domain-blocks': () => ({ domain: 'fuzz.example', reason: 'Spam' }),
  'PUT /api/notifications/preferences': () => ({
    types: { LIKE: { inApp: true, push: false } },
    digest: 'DAILY',
    fromPeopleYouDontFollow: 'ALLOW',
  }),
};

/** Routes that end the caller's other sessions and answer a new token: the fuzzer keeps that one. */
const SESSION_RENEWING_ROUTES = new Set([
  'POST /api/auth/sign-out-everywhere',
  'POST /api/auth/password/change',
]);

function bodyFor(route: string, fields: string[]): fc.Arbitrary<Partial<InjectOptions>> {
  const base = VALID_BODIES[route]?.() ?? {};
  const keys = [...new Set([...Object.keys(base), ...fields, 'unknownField', '__proto__', 'topics'])];
  const mutated = fc
    .record({ key: fc.constantFrom(...keys), value: hostileValue, drop: fc.boolean() })
    .map(({ key, value, drop }) => {
      const body: Record<string, unknown> = { ...base };
      if (drop) delete body[key];
      else body[key] = value;
      return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    });
  const raw = (payload: string, type = 'application/json') => ({
    payload,
    headers: { 'content-type': type },
  });
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    fc.constantFrom(
      raw(JSON.stringify(base)),
      raw('{"title": '),
      raw('{"a":1}garbage'),
      raw(''),
      raw('null'),
      raw('[]'),
      raw('"text"'),
      raw(deepNesting(5_000)),
      raw(JSON.stringify(base), 'text/plain'),
      raw(JSON.stringify(base), 'application/xml'),
      raw('a=1&b=2', 'application/x-www-form-urlencoded'),
      raw(JSON.stringify(base), 'application/json; charset=latin1'),
    ),
    hostileValue.map((value) => raw(JSON.stringify(value) ?? 'null')),
  );
}

const TOKENS = {
  fuzzer: bearer(fuzzer.token),
  none: {},
  deleted: bearer(deleted.token),
  garbage: { authorization: 'Bearer not.a.token' },
  tampered: bearer(`${fuzzer.token.slice(0, -3)}abc`),
  wrongScheme: { authorization: `Basic ${fuzzer.token}` },
};

// The API's routes and the site's documents (robots.txt, the sitemap, feeds); not the API's docs.
const routes = t.app.routeTable.filter((route) => !route.url.startsWith('/api/docs'));
const postParts = [postPart(validPost), filePart('small.png')];
/** The upload routes, each with the parts of a valid request, from which its broken bodies are made. */
const MULTIPART_ROUTES: Record<string, fc.Arbitrary<Partial<InjectOptions>>> = {
  'POST /api/posts': multipartBodies(postParts),
  'PUT /api/posts/:id': multipartBodies(postParts),
  'POST /api/drafts/:id/publish': multipartBodies([
    postPart({ altTexts: ['A diagram'] }),
    filePart('small.png'),
  ]),
  'POST /api/users/profile-picture': multipartBodies([{ ...filePart('small.png'), name: 'file' }]),
  'POST /api/learning-plans/:planId/topics/:topicId/resources/upload': multipartBodies([
    { name: 'resourceId', data: String(mine.plan.topics[0].resources[0].id) },
    { name: 'file', filename: 'doc.pdf', contentType: 'application/pdf', data: fixture('doc.pdf') },
  ]),
};
const runsPerRoute = Math.ceil(TOTAL_RUNS / routes.length);

function requestFor(method: string, url: string): fc.Arbitrary<InjectOptions> {
  const route = `${method} ${url}`;
  const operation = operationOf(method, url);
  const queryNames = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const bodySchema = operation?.requestBody?.content['application/json']?.schema;
  const fields = Object.keys(bodySchema?.properties ?? {});
  const names = url.match(/:\w+|\*/g) ?? [];
  // A granted live stream never ends; it is fuzzed with every token that must be refused.
  const tokenNames = Object.keys(TOKENS).filter((name) => !(url.endsWith('/stream') && name === 'fuzzer'));
  const multipartBody = MULTIPART_ROUTES[route];
  // Only a signed-in caller gets past the refusals to the rules (and an upload's body read), so at least
  // half the requests are the fuzzer's, most of an upload's.
  const refused = tokenNames.filter((name) => name !== 'fuzzer');
  const token = tokenNames.includes('fuzzer')
    ? fc.oneof(
        { weight: multipartBody ? 3 : 1, arbitrary: fc.constant('fuzzer') },
        fc.constantFrom(...refused),
      )
    : fc.constantFrom(...tokenNames);
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom(...queryNames, 'page', 'size', 'unknown'), fc.string({ maxLength: 5 })),
    fc.oneof(hostileText, fc.constantFrom(...HOSTILE_NUMBERS.map(String), 'true', 'COMPLETED', '2025-01-01')),
    { maxKeys: 3 },
  );
  const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
  return fc
    .record({
      segments: fc.tuple(...names.map(() => segment)),
      query,
      body: multipartBody ?? (withBody ? bodyFor(route, fields) : fc.constant<Partial<InjectOptions>>({})),
      token,
    })
    .map(({ segments, query: search, body, token }) => {
      let path = url;
      names.forEach((name, i) => {
        path = path.replace(name, segments[i]!);
      });
      const queryString = new URLSearchParams(search as Record<string, string>).toString();
      return {
        method: method as InjectOptions['method'],
        url: queryString ? `${path}?${queryString}` : path,
        ...body,
        headers: { ...body.headers, ...TOKENS[token as keyof typeof TOKENS] },
      };
    });
}

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_, route) => {
  it.prop([requestFor(route.method, route.url)], { numRuns: runsPerRoute })(
    'never fails on our side and explains every refusal',
    async (request) => {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url} → ${res.body.slice(0, 300)}`).toBeLessThan(
        500,
      );
      const renewed = SESSION_RENEWING_ROUTES.has(`${route.method} ${route.url}`) && res.statusCode === 200;
      if (renewed && request.headers?.authorization === TOKENS.fuzzer.authorization) {
        TOKENS.fuzzer.authorization = `Bearer ${res.json().accessToken}`;
      }
      if (res.statusCode >= 400 && request.method !== 'HEAD') {
        expect(typeof res.json().message).toBe('string');
        expect(res.json().message.length).toBeGreaterThan(0);
      }
    },
    120_000,
  );
});

describe('after the fuzzing', () => {
  it('reads back what the bystander made, unchanged', async () => {
    expect(await bystanderView()).toEqual(before);
  });
});
