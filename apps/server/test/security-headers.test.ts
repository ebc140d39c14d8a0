import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

describe.each([false, true])('Strict-Transport-Security with TRUST_PROXY=%s', (trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy } });
  });
  afterAll(() => t.close());

  const hsts = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/api/health', headers })).headers['strict-transport-security'];

  it('is not sent over plain HTTP', async () => {
    expect(await hsts({})).toBeUndefined();
  });

  it(
    trustProxy
      ? 'is sent when the proxy says the request came over HTTPS'
      : 'ignores X-Forwarded-Proto from a client that is not a trusted proxy',
    async () => {
      const value = await hsts({ 'x-forwarded-proto': 'https' });
      if (trustProxy) expect(value).toMatch(/^max-age=\d+; includeSubDomains$/);
      else expect(value).toBeUndefined();
    },
  );
});
