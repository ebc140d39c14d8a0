import { type PlanBody, TEXT_MESSAGES } from '@pathwise/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { planBody } from './helpers/plans.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';

let t: TestApp;
let ann: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t);
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

async function expectRefused(request: InjectOptions | Promise<LightMyRequestResponse>, what = '') {
  const res = await ('then' in request ? request : t.app.inject(request));
  expect(res.statusCode, `${what} ${res.body}`).toBe(400);
  expect(res.json().message, what).toBe(TEXT_MESSAGES.unstorable);
}

const asAnn = (method: InjectOptions['method'], url: string, payload: object): InjectOptions => ({
  method,
  url,
  payload,
  headers: bearer(ann.token),
});

function plansWith(bad: string): [string, PlanBody][] {
  const plan = planBody();
  const [first, second] = plan.topics;
  const [resource, other] = first!.resources!;
  return [
    ['plan title', { ...plan, title: `Plan ${bad}` }],
    ['plan description', { ...plan, description: bad }],
    ['topic title', { ...plan, topics: [{ ...first!, title: bad }, second!] }],
    ['topic description', { ...plan, topics: [{ ...first!, description: bad }, second!] }],
    [
      'resource title',
      { ...plan, topics: [{ ...first!, resources: [{ ...resource!, title: bad }, other!] }] },
    ],
    [
      'resource url',
      { ...plan, topics: [{ ...first!, resources: [{ ...resource!, url: `https://x.example/${bad}` }] }] },
    ],
  ];
}

describe.each([
  ['a NUL character', NUL],
  ['a lone surrogate', LONE_SURROGATE],
])('text with %s', (_, bad) => {
  it('is refused with 400 in the sign-up name', async () => {
    await expectRefused({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: bad,
        email: `text-${bad.length}-${Math.random()}@example.com`,
        password: 'long enough pw',
      },
    });
  });

  it.each(['name', 'bio', 'location'])('is refused with 400 in the profile’s %s', async (field) => {
    const profile = { name: ann.user.name, email: ann.user.email, [field]: bad };
    await expectRefused(asAnn('PUT', `/api/users/${ann.user.id}`, profile));
  });

  it('is refused with 400 in every text of a new or replaced learning plan', async () => {
    const created = await t.app.inject(asAnn('POST', '/api/learning-plans', planBody()));
    expect(created.statusCode).toBe(201);
    for (const [field, body] of plansWith(bad)) {
      await expectRefused(asAnn('POST', '/api/learning-plans', body), `POST ${field}`);
      await expectRefused(asAnn('PUT', `/api/learning-plans/${created.json().id}`, body), `PUT ${field}`);
    }
    // The plan as it was created is what reads back.
    const read = await t.app.inject({
      url: `/api/learning-plans/${created.json().id}`,
      headers: bearer(ann.token),
    });
    expect(read.json().title).toBe(planBody().title);
  });

  it('is refused with 400 in a comment and in a post', async () => {
    const post = await createPost(t, ann.token);
    await expectRefused(asAnn('POST', `/api/posts/${post.id}/comments`, { content: bad }));
    await expectRefused(sendPost(t, ann.token, [postPart({ ...validPost, title: `Title ${bad}` })]));
  });
});

it('keeps characters outside the Basic Multilingual Plane (paired surrogates), such as emoji', async () => {
  const res = await t.app.inject(
    asAnn('POST', '/api/learning-plans', planBody({ title: 'Rust 🦀 in depth' })),
  );
  expect(res.statusCode).toBe(201);
  expect(res.json().title).toBe('Rust 🦀 in depth');
});
