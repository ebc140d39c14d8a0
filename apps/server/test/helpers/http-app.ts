import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TestApp } from './app.js';

/**
 * A server running elsewhere (another process, behind a proxy), addressed the way the API helpers
 * address an app in memory (`app.inject`), so the same helpers drive it over real HTTP. The
 * request's `remoteAddress` travels as X-Forwarded-For: start the server with TRUST_PROXY=true, as it
 * runs behind a load balancer.
 */
export function overHttp(baseUrl: string): Pick<TestApp, 'app'> {
  async function inject(options: InjectOptions) {
    const url = new URL(String(options.url ?? options.path ?? '/'), baseUrl);
    const headers = new Headers(
      Object.entries(options.headers ?? {}).map(([name, value]) => [name, String(value)] as [string, string]),
    );
    if (options.remoteAddress) headers.set('x-forwarded-for', options.remoteAddress);
    if (options.cookies) {
      headers.set(
        'cookie',
        Object.entries(options.cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      );
    }
    let body: string | Buffer | undefined;
    const { payload } = options;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await fetch(url, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    const text = rawPayload.toString('utf8');
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      rawPayload,
      body: text,
      payload: text,
      json: () => JSON.parse(text),
    };
  }
  return { app: { inject } as unknown as FastifyInstance };
}
