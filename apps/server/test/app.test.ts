import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
const webDistDir = mkdtempSync(path.join(tmpdir(), 'pathwise-web-'));
const bundle = `console.log(${JSON.stringify('x'.repeat(5000))});`;
/** The built index.html's own script, which runs before any file arrives (the theme, the frame). */
const inlineScript = "document.documentElement.classList.add('dark');";

beforeAll(async () => {
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    `<!doctype html><title>Pathwise</title><script>${inlineScript}</script>` +
      '<script type="module" src="/assets/index-abc123.js"></script><div id="root"></div>',
  );
  writeFileSync(path.join(webDistDir, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(path.join(webDistDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webDistDir, 'manifest.webmanifest'), '{"name":"Pathwise"}');
  t = await createTestApp({ webDistDir });
  t.app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail');
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports that the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'reachable', storage: 'reachable' });
  });
});

describe('API errors', () => {
  it('answers an unknown API path with a JSON 404, not the web app', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is no GET /api/nothing-here in the API.',
    });
  });

  it('hides internals of unexpected failures and names the request id', async () => {
    // Like every /api route not declared public, it answers signed-in users only.
    expect((await t.app.inject({ url: '/api/test/boom' })).statusCode).toBe(401);
    const { token } = await signUp(t);
    const res = await t.app.inject({ url: '/api/test/boom', headers: bearer(token) });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.json().message).toBe(
      `Something went wrong on our side. Please try again later (request ${res.headers['x-request-id']}).`,
    );
  });

  it('gives every response a request id', async () => {
    const first = await t.app.inject({ url: '/api/health' });
    const second = await t.app.inject({ url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('the web app', () => {
  it("lets its page run index.html's own inline script, found by its hash, and no other", async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    const scriptSources = res.headers['content-security-policy']?.toString().match(/script-src ([^;]*)/)?.[1];
    expect(scriptSources).toBe(`'self' 'sha256-${hash}'`);
  });

  it.each(['/', '/profile/12', '/learning-plan/3/edit'])(
    'serves index.html for the client route %s',
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets compressed and cached for a year', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(bundle.length / 10);
  });

  it.each([
    ['/sw.js', /^(application|text)\/javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
  ])('serves %s with its type, revalidated on every use', async (url, type) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('lets the page register its service worker and manifest from its own origin only', async () => {
    const policy = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });

  it('sends security headers with pages, API responses and errors alike', async () => {
    for (const url of ['/', '/api/health', '/api/no-such-route']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signup', '/api/auth/login', '/api/auth/me', '/api/health']),
    );
    expect(
      doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['name', 'email', 'password']));
  });

  it('serves a browsable page at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    const page = res.statusCode === 302 ? await t.app.inject({ url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
