import { AUTH_MESSAGES, MAX_ID } from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/lib/tokens.js';
import type { RouteAccess } from '../src/plugins/auth.js';
import { bearer, deleteByHand, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';

let t: TestApp;
let ann: TestAccount;
let apiRoutes: RouteAccess[];

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t);
  apiRoutes = t.app.routeTable.filter((route) => route.url.startsWith('/api/'));
});
afterAll(() => t.close());

const protectedRoutes = () => apiRoutes.filter((route) => !route.public);
const idParams = (url: string) => url.match(/:\w*[iI]d\b/g) ?? [];
const label = ({ method, url }: RouteAccess) => `${method} ${url}`;
const openApiLabel = ({ method, url }: RouteAccess) =>
  `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

/** A request to `route` with every path parameter filled in (ids by `id`, anything else by `other`). */
function requestTo(route: RouteAccess, id: string, other = '1'): InjectOptions {
  const url = route.url
    .replace(/:\w*[iI]d\b/g, id)
    // A tag is letters, digits and hyphens: `other` would be a malformed one (400).
    .replace(/:tag\b/g, 'rust')
    // A handle is 3 to 30 letters, digits or underscores: `other` would be a malformed one (400).
    .replace(/:handle\b/g, 'nobody')
    .replace(/:\w+/g, other)
    .replace(/\*$/, 'file.png');
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return { method: route.method as InjectOptions['method'], url, ...(withBody && { payload: {} }) };
}

describe('the route table', () => {
  it('holds every module’s routes', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(apiRoutes.map(label)).toEqual(
      expect.arrayContaining(['GET /api/posts/:id', 'PUT /api/users/:id', 'GET /api/notifications/stream']),
    );
  });

  it('lists as public only the routes declared so: sign-up, sign-in, social sign-in, password reset, e-mail confirmation, digest unsubscribe, health, the instance settings, the unread count, media and docs', () => {
    const publicRoutes = apiRoutes
      .filter((route) => route.public && !route.url.startsWith('/api/docs'))
      .map(label)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /api/auth/oauth2/authorize/:provider',
      'GET /api/auth/oauth2/callback/:provider',
      'GET /api/auth/oauth2/providers',
      'GET /api/auth/password/reset',
      'GET /api/health',
      'GET /api/instance',
      'GET /api/media/*',
      'GET /api/notifications/digest/unsubscribe',
      'GET /api/notifications/unread/count',
      'POST /api/auth/email/confirm',
      'POST /api/auth/login',
      'POST /api/auth/password/forgot',
      'POST /api/auth/password/reset',
      'POST /api/auth/signup',
      'POST /api/notifications/digest/unsubscribe',
    ]);
    // The documentation is browsable without an account, and only it lives under /api/docs.
    expect(apiRoutes.filter((route) => route.url.startsWith('/api/docs')).every((r) => r.public)).toBe(true);
  });

  it('marks as readable by visitors (with PUBLIC_READING on) only reads of public posts, plans, shared progress, profiles, learning calendars, tags and Explore', () => {
    const readable = apiRoutes.filter((route) => route.readable).map(label);
    expect(readable.sort()).toEqual([
      'GET /api/comments/:id/history',
      'GET /api/comments/:id/replies',
      'GET /api/explore',
      'GET /api/learning-plans/:planId',
      'GET /api/learning-plans/:planId/progress/:handle',
      'GET /api/learning-plans/:planId/progress/:handle/image.png',
      'GET /api/learning-plans/public',
      'GET /api/learning-plans/user/:userId',
      'GET /api/posts',
      'GET /api/posts/:id',
      'GET /api/posts/:id/history',
      'GET /api/posts/:postId/comments',
      'GET /api/posts/user/:userId',
      'GET /api/tags/:tag',
      'GET /api/tags/:tag/plans',
      'GET /api/tags/:tag/posts',
      'GET /api/users/:id',
      'GET /api/users/:id/learning-calendar',
      'GET /api/users/by-handle/:handle',
    ]);
  });
});

describe('the API documentation', () => {
  it('asks for a token, and documents the 401, on every route but the public ones', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { security?: unknown; responses: object }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const unprotected = operations
      .filter(({ operation }) => !operation.security)
      .map(({ method, path }) => `${method} ${path}`);
    expect(unprotected.sort()).toEqual([
      // The site's documents for feed readers and crawlers, outside /api: what a visitor may read only.
      'get /@{handle}/feed.xml',
      'get /api/auth/oauth2/authorize/{provider}',
      'get /api/auth/oauth2/callback/{provider}',
      'get /api/auth/oauth2/providers',
      'get /api/auth/password/reset',
      'get /api/health',
      'get /api/instance',
      'get /api/notifications/digest/unsubscribe',
      'get /api/notifications/unread/count',
      'get /robots.txt',
      'get /sitemap.xml',
      'get /sitemaps/{section}-{page}.xml',
      'get /tags/{tag}/feed.xml',
      'post /api/auth/email/confirm',
      'post /api/auth/login',
      'post /api/auth/password/forgot',
      'post /api/auth/password/reset',
      'post /api/auth/signup',
      'post /api/notifications/digest/unsubscribe',
    ]);
    const readable = new Set(apiRoutes.filter((route) => route.readable).map(openApiLabel));
    for (const { method, path, operation } of operations.filter(({ operation }) => operation.security)) {
      // A readable route also takes no token at all (an empty requirement), and says when.
      const token = readable.has(`${method} ${path}`) ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }];
      expect(operation.security, `${method} ${path}`).toEqual(token);
      expect(operation.responses).toHaveProperty('401');
    }
    expect(readable.size).toBeGreaterThan(0);
  });
});

describe('deny by default', () => {
  it('answers 401 to a visitor on every other route, before looking at the path, query or body', async () => {
    const responses: Record<string, number> = {};
    for (const route of protectedRoutes()) {
      for (const id of ['1', 'abc', String(MAX_ID + 1)]) {
        const res = await t.app.inject(requestTo(route, id, 'x'));
        responses[`${label(route)} (${id})`] = res.statusCode;
        if (res.statusCode === 401 && route.method !== 'HEAD') {
          expect(res.json().message).toBe(AUTH_MESSAGES.unauthenticated);
        }
      }
    }
    expect(Object.entries(responses).filter(([, status]) => status !== 401)).toEqual([]);
  });

  it('answers 401, not 400, to a visitor for a malformed plan id and a malformed post id alike', async () => {
    for (const url of ['/api/learning-plans/abc', '/api/posts/abc']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('answers 401 for a token that is not ours, whatever the route', async () => {
    const forged = `${ann.token.slice(0, -4)}AAAA`;
    const res = await t.app.inject({ url: '/api/posts', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
  });
});

describe('with PUBLIC_READING on', () => {
  let reading: TestApp;
  beforeAll(async () => {
    reading = await createTestApp({ config: { publicReading: true } });
  });
  afterAll(() => reading.close());

  it('still answers 401 to a visitor on every route that is neither public nor readable', async () => {
    const responses: Record<string, number> = {};
    for (const route of protectedRoutes().filter((r) => !r.readable)) {
      const res = await reading.app.inject(requestTo(route, '1', 'x'));
      responses[label(route)] = res.statusCode;
    }
    expect(Object.entries(responses).filter(([, status]) => status !== 401)).toEqual([]);
  });

  it('lets a visitor reach every readable route, and refuses an invalid token there as anywhere', async () => {
    const readable = protectedRoutes().filter((route) => route.readable && route.method === 'GET');
    const forged = `${ann.token.slice(0, -4)}AAAA`;
    for (const route of readable) {
      const request = requestTo(route, '1', 'nobody_here');
      const asVisitor = await reading.app.inject(request);
      expect([200, 404], `${label(route)}: ${asVisitor.body}`).toContain(asVisitor.statusCode);
      const withForgedToken = await reading.app.inject({ ...request, headers: bearer(forged) });
      expect(withForgedToken.statusCode, label(route)).toBe(401);
    }
  });

  it('says so to the web app, which asks before anyone signs in', async () => {
    expect((await reading.app.inject({ url: '/api/instance' })).json()).toEqual({
      publicReading: true,
      federationHost: null,
    });
    expect((await t.app.inject({ url: '/api/instance' })).json()).toEqual({
      publicReading: false,
      federationHost: null,
    });
  });
});

describe('a validly signed token of an account that does not exist', () => {
  async function responsesWith(token: string) {
    const responses: Record<string, number> = {};
    for (const route of protectedRoutes()) {
      const res = await t.app.inject({ ...requestTo(route, '1'), headers: bearer(token) });
      responses[label(route)] = res.statusCode;
    }
    return responses;
  }

  it('gets 401 on every authenticated route once the account is deleted', async () => {
    const gone = await signUp(t);
    await deleteByHand(t, gone);
    const responses = await responsesWith(gone.token);
    expect(Object.entries(responses).filter(([, status]) => status !== 401)).toEqual([]);
  });

  it('gets 401 on every authenticated route once its owner signed out everywhere', async () => {
    const ended = await signUp(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: bearer(ended.token),
    });
    const responses = await responsesWith(ended.token);
    expect(Object.entries(responses).filter(([, status]) => status !== 401)).toEqual([]);
  });

  it('gets 401 on every authenticated route for an id no account can have', async () => {
    const tokens = createTokenService(testConfig.jwtSecret, 60);
    for (const id of [MAX_ID, MAX_ID + 1]) {
      const responses = await responsesWith(await tokens.sign(id, 0));
      expect(Object.entries(responses).filter(([, status]) => status !== 401)).toEqual([]);
    }
  });

  it('still lets the account’s owner in while it exists', async () => {
    const res = await t.app.inject({ url: '/api/notifications/unread/count', headers: bearer(ann.token) });
    expect(res.statusCode).toBe(200);
  });
});

describe('ids in the path', () => {
  const impossibleIds = ['0', '-1', '1.5', String(MAX_ID + 1), String(2 ** 53), '99999999999999999999'];

  it('are answered 404 with a message when no row can have them, on every route taking an id', async () => {
    const idRoutes = protectedRoutes().filter((route) => idParams(route.url).length > 0);
    expect(idRoutes.length).toBeGreaterThanOrEqual(25);
    const wrong: string[] = [];
    for (const route of idRoutes) {
      // The largest possible id is valid, so only reads reach their not-found answer with an empty request.
      const ids = route.method === 'GET' ? [...impossibleIds, String(MAX_ID)] : impossibleIds;
      for (const id of ids) {
        const res = await t.app.inject({ ...requestTo(route, id), headers: bearer(ann.token) });
        if (res.statusCode !== 404 || !/not found/i.test(res.json().message)) {
          wrong.push(`${label(route)} ${id}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('are answered 400 with a message when they are not numbers at all', async () => {
    const res = await t.app.inject({ url: '/api/learning-plans/abc', headers: bearer(ann.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid learning plan ID');
  });
});
