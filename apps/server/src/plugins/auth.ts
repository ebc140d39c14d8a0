import { AUTH_MESSAGES } from '@pathwise/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error.js';
import type { TokenService } from '../lib/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, from a valid bearer token; null for visitors. */
    userId: number | null;
  }
}

/** Reads `Authorization: Bearer …` on every request; routes decide whether a user is required. */
export const authPlugin = fp(async (app: FastifyInstance, { tokens }: { tokens: TokenService }) => {
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    request.userId = await tokens.verify(header.slice('Bearer '.length).trim());
  });
});

/** The signed-in user's id, or a 401 for visitors and invalid, expired or forged tokens. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) throw unauthorized(AUTH_MESSAGES.unauthenticated);
  return request.userId;
}

/**
 * Whether the request carries no credentials at all: a visitor, as opposed to a client whose token is
 * invalid, expired or forged (which `requireUser` refuses with a 401 like any other).
 */
export function sentNoCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization === undefined;
}
