import { tmpdir } from 'node:os';
import { comment as commentShape, commentThread, DELETED_COMMENT_USER } from '@pathwise/contract';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { corsPlugin } from '../src/plugins/cors.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { createPost } from './helpers/posts.js';

/**
 * Replays the calls of the web client Pathwise was first specified for (docs/api.md, "Using another
 * web client"; docs/product.md#decisions), with its exact request shapes, from its own origin, and
 * checks that each response is one that client accepts.
 */

const CLIENT_ORIGIN = 'http://learnlink-client.example:3000';
const REFUSED_ORIGIN = 'http://elsewhere.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { corsOrigins: [CLIENT_ORIGIN] } });
});
afterAll(() => t.close());

/**
 * That client's response handling: a 401 outside these URL fragments drops the token and
 * reloads /login?expired=true, which for a signed-out visitor repeats on every poll.
 */
const SESSION_KEEPING_FRAGMENTS = [
  '/activities',
  '/learning-progress',
  '/social-activity',
  '/analytics',
  '/api/users/',
];
const reloadsToLogin = (url: string, res: LightMyRequestResponse) =>
  res.statusCode === 401 && !SESSION_KEEPING_FRAGMENTS.some((fragment) => url.includes(fragment));

/**
 * A call as the client's axios instance makes it: from its origin, JSON, the stored token when it has one.
 */
function clientCall(
  method: NonNullable<InjectOptions['method']>,
  url: string,
  token: string | null,
  body?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: CLIENT_ORIGIN,
      accept: 'application/json, text/plain, */*',
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body && { payload: JSON.stringify(body) }),
  });
}

let sequence = 0;
async function signUp(name: string) {
  sequence++;
  const email = `${name.toLowerCase().replaceAll(' ', '.')}.${sequence}@example.com`;
  const res = await clientCall('POST', '/api/auth/signup', null, { name, email, password: 'secret1' });
  expect(res.statusCode).toBe(201);
  const { accessToken } = res.json();
  const me = (await clientCall('GET', '/api/auth/me', accessToken)).json();
  return { token: accessToken as string, id: me.id as number, email };
}

describe('signed-out visitor', () => {
  it('polls the unread count without a token: a number, 0, and no reload', async () => {
    const url = '/api/notifications/unread/count';
    for (let poll = 0; poll < 3; poll++) {
      const res = await clientCall('GET', url, null);
      expect(res.statusCode).toBe(200);
      expect(reloadsToLogin(url, res)).toBe(false);
      expect(typeof res.json()).toBe('number');
      expect(res.json()).toBe(0);
      expect(res.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
    }
  });

  it('still gets a readable 401 for an expired or forged token, on the unread count as everywhere', async () => {
    const { token, id } = await signUp('Expired');
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setIssuer('pathwise')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(testConfig.jwtSecret));
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    for (const bad of [expired, forged]) {
      for (const url of ['/api/notifications/unread/count', '/api/notifications', '/api/auth/me']) {
        const res = await clientCall('GET', url, bad);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().message).toBe('Please sign in to continue.');
        expect(res.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
      }
    }
  });

  it('sees its wrong password as a 400 with the message it shows, then signs in', async () => {
    const { email } = await signUp('Careful');
    const url = '/api/auth/login';
    const wrong = await clientCall('POST', url, null, { email, password: 'not-the-one' });
    expect(wrong.statusCode).toBe(400);
    expect(reloadsToLogin(url, wrong)).toBe(false);
    expect(wrong.json().message).toBe('Invalid email or password');

    const right = await clientCall('POST', url, null, { email, password: 'secret1' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer' });
    const me = await clientCall('GET', '/api/auth/me', right.json().accessToken);
    expect(me.json().id).toEqual(expect.any(Number));
  });

  it('keeps the shape of the other sign-in responses: an e-mail in use is a 409 with its message', async () => {
    const { email } = await signUp('Taken');
    const again = await clientCall('POST', '/api/auth/signup', null, {
      name: 'Taken',
      email,
      password: 'secret1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Email address already in use.');
  });
});

describe('plan edit', () => {
  /** The create body of the client's plan form as it sends it: ids undefined, empty descriptions. */
  const createBody = {
    title: 'Learn Rust',
    description: 'From ownership to async.',
    category: 'PROGRAMMING',
    isPublic: true,
    estimatedDays: 30,
    startDate: '2024-05-01',
    targetCompletionDate: '',
    topics: [
      {
        title: 'Ownership',
        description: '',
        orderIndex: 0,
        resources: [
          {
            title: 'The Book',
            url: 'https://doc.rust-lang.org/book/',
            type: 'BOOK',
            description: '',
            orderIndex: 0,
          },
          {
            title: 'Talk',
            url: 'https://videos.example.com/borrow',
            type: 'VIDEO',
            description: '',
            orderIndex: 1,
          },
        ],
      },
    ],
  };

  it("answers '' for empty descriptions and keeps the links of resources re-sent with url ''", async () => {
    const ann = await signUp('Ann');
    const created = await clientCall('POST', '/api/learning-plans', ann.token, createBody);
    expect(created.statusCode).toBe(201);
    const planUrl = `/api/learning-plans/${created.json().id}`;

    const loaded = await clientCall('GET', planUrl, ann.token);
    const [topic] = loaded.json().topics;
    expect(topic).toMatchObject({ description: '', resources: [{ description: '' }, { description: '' }] });
    for (const resource of topic.resources) {
      for (const field of ['title', 'url', 'type', 'description'])
        expect(typeof resource[field], field).toBe('string');
    }

    // The edit form re-sends every existing item with its id; its resources leave the source unset: url ''.
    const editBody = {
      ...createBody,
      title: 'Learn Rust well',
      topics: [
        {
          id: topic.id,
          title: 'Ownership and borrowing',
          description: '',
          orderIndex: 0,
          resources: topic.resources.map(
            (resource: { id: number; title: string; type: string }, index: number) => ({
              id: resource.id,
              title: resource.title,
              url: '',
              type: resource.type,
              description: '',
              orderIndex: index,
            }),
          ),
        },
      ],
    };
    const edited = await clientCall('PUT', planUrl, ann.token, editBody);
    expect(edited.statusCode).toBe(200);
    const reloaded = (await clientCall('GET', planUrl, ann.token)).json();
    expect(reloaded).toMatchObject({
      title: 'Learn Rust well',
      topics: [{ title: 'Ownership and borrowing' }],
    });
    expect(reloaded.topics[0].resources).toEqual([
      expect.objectContaining({
        id: topic.resources[0].id,
        url: 'https://doc.rust-lang.org/book/',
        description: '',
      }),
      expect.objectContaining({ id: topic.resources[1].id, url: 'https://videos.example.com/borrow' }),
    ]);

    const newWithoutUrl = structuredClone(editBody);
    newWithoutUrl.topics[0]!.resources.push({
      title: 'New link',
      url: '',
      type: 'ARTICLE',
      description: '',
      orderIndex: 2,
    } as (typeof editBody.topics)[0]['resources'][0]);
    const refused = await clientCall('PUT', planUrl, ann.token, newWithoutUrl);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Resource URL is required');
  });
});

describe('comments', () => {
  it("keeps the spec's Comment shape whole for a comment deleted while it had replies", async () => {
    const ann = await signUp('Ann Deleter');
    const bob = await signUp('Bob Replier');
    const post = await createPost(t, bob.token);
    const commentsUrl = `/api/posts/${post.id}/comments`;
    const top = (await clientCall('POST', commentsUrl, ann.token, { content: 'Soon gone' })).json();
    const reply = await clientCall('POST', commentsUrl, bob.token, {
      content: 'Still here',
      parentCommentId: top.id,
    });
    expect(reply.statusCode).toBe(201);
    expect((await clientCall('DELETE', `/api/comments/${top.id}`, ann.token)).statusCode).toBe(204);

    for (const viewer of [bob.token, ann.token]) {
      const res = await clientCall('GET', `${commentsUrl}?page=0&size=10`, viewer);
      expect(res.statusCode).toBe(200);
      const [thread] = res.json().content;
      // Parsed against the contract's schema: `user` is the spec's user shape, never null.
      expect(commentThread.parse(thread)).toMatchObject({ id: top.id, deleted: true, content: '' });
      expect(thread.user).toEqual(DELETED_COMMENT_USER);
      expect(typeof thread.user.name).toBe('string');
      expect(commentShape.parse(thread.replies[0]).user).toMatchObject({ id: bob.id, name: 'Bob Replier' });
      // Nothing of its author is sent, to anyone, the author included.
      expect(res.body).not.toContain('Ann Deleter');
    }
    const replies = await clientCall('GET', `/api/comments/${top.id}/replies?page=0&size=10`, bob.token);
    expect(commentShape.parse(replies.json().content[0]).content).toBe('Still here');
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/learning-plans/1',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
  const allowHeaders = (res: LightMyRequestResponse) =>
    Object.keys(res.headers).filter((name) => name.startsWith('access-control-allow-'));

  it("answers a preflight from CORS_ORIGINS with the client's methods and headers", async () => {
    const res = await preflight(CLIENT_ORIGIN);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
    expect(String(res.headers['access-control-allow-methods']).split(', ')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(', ')).toEqual(
      expect.arrayContaining(['authorization', 'content-type']),
    );
    expect(String(res.headers.vary)).toMatch(/Origin/);
  });

  it('answers a preflight from any other origin without Access-Control-Allow-* headers', async () => {
    const res = await preflight(REFUSED_ORIGIN);
    expect(allowHeaders(res)).toEqual([]);
    const get = await t.app.inject({
      url: '/api/notifications/unread/count',
      headers: { origin: REFUSED_ORIGIN },
    });
    expect(get.statusCode).toBe(200);
    expect(allowHeaders(get)).toEqual([]);
  });

  it('allows no other origin by default', async () => {
    const plain = Fastify();
    await plain.register(corsPlugin, {
      origins: loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: testConfig.jwtSecret }).corsOrigins,
    });
    plain.put('/api/learning-plans/1', async () => ({}));
    const res = await plain.inject({
      method: 'OPTIONS',
      url: '/api/learning-plans/1',
      headers: { origin: CLIENT_ORIGIN, 'access-control-request-method': 'PUT' },
    });
    expect(allowHeaders(res)).toEqual([]);
    await plain.close();
  });

  it("serves pages of the server's own origin and callers that send no Origin as ever", async () => {
    const ownOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:80', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'secret1' }),
    });
    expect(ownOrigin.statusCode).toBe(400);
    expect(ownOrigin.json().message).toBe('Invalid email or password');
    const noOrigin = await t.app.inject({ url: '/api/notifications/unread/count' });
    expect(noOrigin.json()).toBe(0);
  });
});

describe('people lists', () => {
  it('carry isCurrentUserFollowing for the viewer in search answers and follower/following lists', async () => {
    const viewer = await signUp('Viewer');
    const followed = await signUp('Zephyrine Followed');
    const other = await signUp('Zephyrine Other');
    const follow = await clientCall(
      'POST',
      `/api/users/${followed.id}/follow?_t=${Date.now()}`,
      viewer.token,
    );
    expect(follow.statusCode).toBe(200);
    await clientCall('POST', `/api/users/${viewer.id}/follow?_t=${Date.now()}`, other.token);

    const found = await clientCall('GET', '/api/search?query=zephyrine&page=0&size=10', viewer.token);
    expect(found.statusCode).toBe(200);
    const users = found.json().users.content as { id: number; isCurrentUserFollowing: boolean }[];
    expect(users.map(({ id, isCurrentUserFollowing }) => [id, isCurrentUserFollowing]).sort()).toEqual(
      [
        [followed.id, true],
        [other.id, false],
      ].sort(),
    );

    const followers = await clientCall(
      'GET',
      `/api/users/${viewer.id}/followers?page=0&size=10`,
      viewer.token,
    );
    // The e-mail field keeps its place for that client, empty unless its owner chose to show it.
    expect(followers.json()).toMatchObject({
      content: [{ id: other.id, name: 'Zephyrine Other', email: null, isCurrentUserFollowing: false }],
      number: 0,
      last: true,
    });
    const following = await clientCall(
      'GET',
      `/api/users/${viewer.id}/following?page=0&size=10`,
      viewer.token,
    );
    expect(following.json()).toMatchObject({
      content: [{ id: followed.id, profilePicture: null, isCurrentUserFollowing: true }],
      last: true,
    });
  });
});
