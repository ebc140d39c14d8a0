import { AUTH_MESSAGES, MAX_ID } from '@pathwise/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../db/session-cache.js';
import { unauthorized } from '../lib/app-error.js';
import type { TokenService } from '../lib/tokens.js';
import { sentNoCredentials } from '../lib/viewer.js';
import { isPublicRoute, isReadableRoute } from './public-routes.js';

/**
 * A route as registered, with whether visitors may call it (`public`) and whether they may when the
 * instance has PUBLIC_READING on (`readable`): the route table the security tests walk.
 */
export type RouteAccess = { method: string; url: string; public: boolean; readable: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the auth plugin (HEAD twins of GET routes left out). */
    routeTable: RouteAccess[];
  }
}

type AuthOptions = {
  tokens: TokenService;
  findSessionUser: (userId: number) => Promise<SessionUser | null>;
  /** PUBLIC_READING: visitors may call the routes marked readable in public-routes.ts. */
  publicReading: boolean;
};

/**
 * Sets `request.userId` from `Authorization: Bearer …` (a valid token of an existing account) and,
 * first thing for every request, answers 401 to a visitor calling an /api route not declared public
 * in public-routes.ts (or, with PUBLIC_READING on, marked readable there): authentication is decided
 * before validation, everywhere.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  const { tokens, findSessionUser, publicReading } = options;
  async function signedInUserId(request: FastifyRequest): Promise<number | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await tokens.verify(header.slice('Bearer '.length).trim());
    if (claims === null || claims.userId > MAX_ID) return null;
    // A valid signature is not enough: the account may be gone (deleted, or a database reset), or
    // its owner may have ended every session since (sign out everywhere, a new password), or a
    // moderator suspended it (which raises the version too). Only the current version is good: a
    // higher one was never issued for this account (a database restored from a backup, say).
    const user = await findSessionUser(claims.userId);
    if (!user || user.suspended || claims.tokenVersion !== user.tokenVersion) return null;
    return user.id;
  }

  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        public: isPublicRoute(method, route.url),
        readable: isReadableRoute(method, route.url),
      });
    }
    // A GET route answers HEAD too, with the same access: listed once, as the GET.
    for (let i = routeTable.length - 1; i >= 0; i--) {
      const { method, url } = routeTable[i]!;
      const twin = (known: RouteAccess) =>
        known.method === 'GET' && known.url.replace(/(.)\/$/, '$1') === url.replace(/(.)\/$/, '$1');
      if (method === 'HEAD' && routeTable.some(twin)) {
        routeTable.splice(i, 1);
      }
    }
  });

  /**
   * A visitor reading public content on an instance that allows it. Only a request without any
   * credentials counts as one: a token that is sent must be valid (an expired one is still a 401, so
   * clients take it for the end of a session rather than quietly showing the signed-out view).
   */
  const visitorMayRead = (request: FastifyRequest) =>
    publicReading && sentNoCredentials(request) && isReadableRoute(request.method, request.routeOptions.url);

  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request) => {
    request.userId = await signedInUserId(request);
    if (
      request.userId === null &&
      !isPublicRoute(request.method, request.routeOptions.url) &&
      !visitorMayRead(request)
    ) {
      throw unauthorized(AUTH_MESSAGES.unauthenticated);
    }
  });
});
