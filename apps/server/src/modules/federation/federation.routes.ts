import { Readable } from 'node:stream';
import type { Federation } from '@fedify/fedify';
import { FEDERATION_LIMITS, FEDERATION_MESSAGES } from '@pathwise/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { inboxGuard } from './inbox-guard.js';

/** Our answer when Fedify has none: the API's error body, with the contract's message. */
const problem = (statusCode: number, error: string, message: string) => () =>
  Response.json({ statusCode, error, message }, { status: statusCode });

/**
 * Fastify's request as the web `Request` Fedify reads. The body stays the bytes that were sent: the
 * inbox checks their digest against the signature, which JSON parsed and written again would break.
 */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    body: hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : null,
  });
}

async function send(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
}

/**
 * Mounts Fedify (there is no published Fastify adapter for this version) on the paths it answers:
 * WebFinger and everything under `/ap/`. Outside `/api`, so the auth plugin does not ask for a token:
 * the documents are public, and the inboxes take only activities whose signature Fedify verified.
 * Encapsulated, so its byte-for-byte body parser applies to these routes alone.
 */
export const federationRoutes: FastifyPluginAsync<{ federation: Federation<void>; db: Database }> = async (
  app,
  { federation, db },
) => {
  app.removeAllContentTypeParsers();
  // An activity is a few kB: a larger body is refused (413) before it is read.
  const bodyLimit = FEDERATION_LIMITS.inboxBodyBytes;
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    send(
      reply,
      await federation.fetch(toWebRequest(request), {
        contextData: undefined,
        onNotFound: problem(404, 'Not Found', FEDERATION_MESSAGES.notFound),
        onNotAcceptable: problem(406, 'Not Acceptable', FEDERATION_MESSAGES.notAcceptable),
      }),
    );
  const schema = { hide: true };
  app.route({ method: ['GET', 'HEAD'], url: '/.well-known/webfinger', schema, handler });
  app.route({ method: ['GET', 'HEAD'], url: '/.well-known/nodeinfo', schema, handler });
  app.route({ method: ['GET', 'HEAD'], url: '/nodeinfo/2.1', schema, handler });
  app.route({ method: ['GET', 'HEAD'], url: '/ap/*', schema, handler });
  app.route({ method: 'POST', url: '/ap/*', schema, preHandler: inboxGuard(app, db, federation), handler });
};
