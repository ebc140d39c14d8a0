import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once: with fixed directives they are the same for every response.
 * @fastify/helmet runs Helmet's dozen middlewares again on every request instead.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

const HSTS = 'Strict-Transport-Security';

/**
 * Sets Helmet's headers (`options`) on every response, as soon as its request arrives. HSTS only on
 * requests that came over HTTPS (RFC 6797, section 7.2: a browser ignores it over plain HTTP; behind a proxy,
 * request.protocol reads X-Forwarded-Proto when TRUST_PROXY is set).
 */
export const securityHeadersPlugin: FastifyPluginAsync<HelmetOptions> = fp(async (app, options) => {
  const { [HSTS]: hsts, ...headers } = securityHeaders(options);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (hsts && request.protocol === 'https') reply.header(HSTS, hsts);
  });
});
