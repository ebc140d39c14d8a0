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

const hostOfUrl = (value: unknown) => {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value).hostname || null;
  } catch {
    return null;
  }
};

/** The host of the key a delivery is signed with (draft-cavage `keyId`, or RFC 9421 `keyid`), if any. */
export function signingHostOf(request: FastifyRequest): string | null {
  const header = request.headers.signature ?? request.headers['signature-input'];
  const match = typeof header === 'string' ? /keyid="([^"]+)"/i.exec(header) : null;
  return match ? hostOfUrl(match[1]) : null;
}

/** The host of the activity's `actor` (a URL or an object with an id), read loosely from the body. */
function actorHostOf(body: unknown): string | null {
  if (!Buffer.isBuffer(body)) return null;
  try {
    const activity = JSON.parse(body.toString('utf8')) as { actor?: unknown };
    const actor = activity?.actor;
    return hostOfUrl(typeof actor === 'object' && actor !== null ? (actor as { id?: unknown }).id : actor);
  } catch {
    return null;
  }
}

/**
 * What runs before Fedify reads a delivery to an inbox: deliveries per server are limited (429 with
 * Retry-After), and one from a blocked domain (its signing key's host or its actor's) is refused with
 * 403 and logged, so nothing of it is stored. The body's size is capped by the route's parser (413).
 */
export function inboxGuard(app: FastifyInstance, db: Database) {
  const perServer = app.rateLimit({
    max: FEDERATION_LIMITS.inboxPerHostPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `inbox-host:${signingHostOf(request) ?? request.ip}`,
    errorResponseBuilder: () => new AppError(429, INBOX_MESSAGES.tooMany),
  });
  const unlessBlocked = async (request: FastifyRequest, _reply: FastifyReply) => {
    const hosts = [signingHostOf(request), actorHostOf(request.body)].filter((host) => host !== null);
    if (await isBlockedHost(db, hosts)) {
      request.log.warn({ hosts }, 'an activity from a blocked domain was refused');
      throw new AppError(403, INBOX_MESSAGES.blockedDomain);
    }
  };
  return [perServer, unlessBlocked];
}
