import { AUTH_MESSAGES } from '@pathwise/contract';
import type { FastifyRequest } from 'fastify';
import { VISITOR_ID } from '../db/user-privacy.js';
import { unauthorized } from './app-error.js';

/** Builds the absolute URL of a stored file; absolute URLs (from identity providers) pass through. */
export type MediaUrl = (key: string | null) => string | null;

/** Who is asking: services shape answers for this user (likes, progress, follow state, media URLs). */
export type Viewer = { id: number; mediaUrl: MediaUrl };

/** Where people reach this server: PUBLIC_URL when configured, else the origin the request was sent to. */
export function publicOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** How many addresses `perMediaAddress` keeps a value for: a Host header sent at will adds no more. */
const ADDRESSES_KEPT = 4;

/** `value` and everything it holds, frozen: what is shared between answers cannot be changed by one. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/**
 * `build`'s value for the address a viewer is served media at (media URLs are absolute), built once per
 * address for the first few addresses, then for each call. Kept values are shared by every answer, so
 * they are frozen: a change to one fails loudly instead of reaching other viewers.
 */
export function perMediaAddress<T>(build: (viewer: Viewer) => T): (viewer: Viewer) => T {
  const byAddress = new Map<string | null, T>();
  return (viewer) => {
    // The URL of any one file tells the address.
    const address = viewer.mediaUrl('_');
    if (byAddress.has(address)) return byAddress.get(address)!;
    const built = build(viewer);
    if (byAddress.size < ADDRESSES_KEPT) byAddress.set(address, deepFreeze(built));
    return built;
  };
}

export function mediaUrlFor(publicUrl: string | undefined, request: FastifyRequest): MediaUrl {
  const base = publicOrigin(publicUrl, request);
  return (key) => {
    if (!key) return null;
    if (/^https?:\/\//.test(key)) return key;
    return `${base}/api/media/${key}`;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    mediaUrl: MediaUrl;
    /**
     * The signed-in user's id (a valid token of an existing account, set by the auth plugin); null for
     * visitors.
     */
    userId: number | null;
  }
}

/** The signed-in viewer of a request, or a 401. */
export function viewerOf(request: FastifyRequest): Viewer {
  // The auth plugin already refused visitors on every route that is not public.
  if (request.userId === null) throw unauthorized(AUTH_MESSAGES.unauthenticated);
  return { id: request.userId, mediaUrl: request.mediaUrl };
}

/**
 * Who is reading on a route visitors may read (marked readable in plugins/public-routes.ts): the
 * signed-in user, or a visitor, whose answers are the signed-out view (per-viewer fields at their
 * signed-out values, counts kept). The auth plugin lets a visitor through only with PUBLIC_READING on.
 */
export function readerOf(request: FastifyRequest): Viewer {
  return { id: request.userId ?? VISITOR_ID, mediaUrl: request.mediaUrl };
}

/** Whether the response is for a visitor reading signed out. */
export const isVisitor = (viewer: Viewer): boolean => viewer.id === VISITOR_ID;

/**
 * Whether the request carries no credentials at all: a visitor, as opposed to a client whose token is
 * invalid, expired or forged (which `viewerOf` refuses with a 401 like any other).
 */
export function sentNoCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization === undefined;
}
