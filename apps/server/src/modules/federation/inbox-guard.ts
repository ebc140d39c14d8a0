import type { Federation } from '@fedify/fedify';
import { Activity } from '@fedify/vocab';
import { FEDERATION_LIMITS, INBOX_MESSAGES } from '@pathwise/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { blockedDomains } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** `a.b.example` → `a.b.example`, `b.example`, `example`: the domains a block of any would cover. */
export function domainsOf(host: string): string[] {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** Whether a moderator blocked one of `hosts` or a domain above it: one lookup on the primary key. */
export async function isBlockedHost(db: Database, hosts: string[]): Promise<boolean> {
  const domains = [...new Set(hosts.flatMap(domainsOf))];
  if (domains.length === 0) return false;
  const [row] = await db
    .select({ domain: blockedDomains.domain })
    .from(blockedDomains)
    .where(inArray(blockedDomains.domain, domains))
    .limit(1);
  return row !== undefined;
}

const urlOf = (value: unknown) => {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/**
 * The key a delivery is signed with: RFC 9421's `Signature-Input` names it (its `Signature` holds only
 * the signature bytes), draft-cavage's `Signature` does.
 */
function signingKeyOf(request: FastifyRequest): URL | null {
  for (const header of [request.headers['signature-input'], request.headers.signature]) {
    const match = typeof header === 'string' ? /keyid="([^"]+)"/i.exec(header) : null;
    if (match) return urlOf(match[1]);
  }
  return null;
}

/**
 * The activity's actors as Fedify will read them (JSON-LD, with the same loaders): not the `actor` key
 * as written, which an inline or remote `@context` may rename. Null when it cannot be read at all.
 */
async function actorsOf(body: unknown, federation: Federation<void>, origin: URL): Promise<URL[] | null> {
  if (!Buffer.isBuffer(body)) return null;
  try {
    const { documentLoader, contextLoader } = federation.createContext(origin, undefined);
    const activity = await Activity.fromJsonLd(JSON.parse(body.toString('utf8')), {
      documentLoader,
      contextLoader,
    });
    return activity.actorIds;
  } catch {
    return null;
  }
}

/**
 * What runs before Fedify reads a delivery to an inbox, each refusal logged, so nothing of it is stored:
 * - deliveries per server are limited (429 with Retry-After), counted per claimed server and client
 *   address, so nobody can use up another server's allowance by naming its keys;
 * - an unsigned delivery is refused with 401, and one that is no activity (none with an actor) with 400;
 * - one from a blocked domain (its signing key's host or an actor's) with 403;
 * - one whose actors are not all on its signing key's server (host and port) with 401. Fedify 2.3.6
 *   trusts the owner a key's document claims (GHSA-q9f8-5hc7-898f, fixed in 2.3.8, whose packages this
 *   registry lacks): any server could otherwise post as anyone by serving a key that names them.
 *   Mastodon signs with `actor#main-key`; an activity forwarded by another server is refused too.
 * The body's size is capped by the route's parser (413).
 */
export function inboxGuard(app: FastifyInstance, db: Database, federation: Federation<void>) {
  const perServer = app.rateLimit({
    max: FEDERATION_LIMITS.inboxPerHostPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `inbox-host:${signingKeyOf(request)?.hostname}:${request.ip}`,
    errorResponseBuilder: () => new AppError(429, INBOX_MESSAGES.tooMany),
  });
  const checked = async (request: FastifyRequest, _reply: FastifyReply) => {
    const key = signingKeyOf(request);
    if (!key) throw new AppError(401, INBOX_MESSAGES.unsigned);
    const refuseIfBlocked = async (hosts: string[]) => {
      if (!(await isBlockedHost(db, hosts))) return;
      request.log.warn({ hosts }, 'an activity from a blocked domain was refused');
      throw new AppError(403, INBOX_MESSAGES.blockedDomain);
    };
    // A blocked server's deliveries are refused before their body is read.
    await refuseIfBlocked([key.hostname]);
    const actors = await actorsOf(request.body, federation, new URL(`${request.protocol}://${request.host}`));
    if (!actors?.length) throw new AppError(400, INBOX_MESSAGES.unreadable);
    await refuseIfBlocked(actors.map((actor) => actor.hostname));
    if (actors.some((actor) => actor.host !== key.host)) {
      const names = { key: key.href, actors: actors.map((actor) => actor.href) };
      request.log.warn(names, 'an activity signed on another server than its actor’s was refused');
      throw new AppError(401, INBOX_MESSAGES.foreignKey);
    }
  };
  return [perServer, checked];
}
