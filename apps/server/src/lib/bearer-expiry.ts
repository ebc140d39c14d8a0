import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';

/**
 * When the request's bearer token expires (epoch milliseconds), or null without one. Only for
 * requests the auth plugin has already accepted: the token is decoded here, not verified again.
 */
export function bearerExpiryMs(request: FastifyRequest): number | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  try {
    const { exp } = decodeJwt(header.slice('Bearer '.length).trim());
    return exp === undefined ? null : exp * 1000;
  } catch {
    return null;
  }
}
