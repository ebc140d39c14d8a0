import { z } from 'zod';
import { isoDateTime, page, text } from './common.js';
import { DOMAIN_BLOCK_LIMITS, DOMAIN_BLOCK_MESSAGES } from './domain-block-constants.js';

/** A host name (labels of letters, digits and hyphens, at least two) or an IPv4 address, lowercased. */
const domain = z
  .string({ error: DOMAIN_BLOCK_MESSAGES.domainInvalid })
  .trim()
  .toLowerCase()
  .max(DOMAIN_BLOCK_LIMITS.domainMax, { error: DOMAIN_BLOCK_MESSAGES.domainInvalid })
  .regex(/^((([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63})|(\d{1,3}(\.\d{1,3}){3}))$/, {
    error: DOMAIN_BLOCK_MESSAGES.domainInvalid,
  });

/** `POST /api/moderation/domain-blocks`. */
export const domainBlockInput = z.object({
  domain,
  reason: text({ error: DOMAIN_BLOCK_MESSAGES.reasonTooLong })
    .trim()
    .max(DOMAIN_BLOCK_LIMITS.reasonMax, { error: DOMAIN_BLOCK_MESSAGES.reasonTooLong })
    .default(''),
});
export type DomainBlockInput = z.infer<typeof domainBlockInput>;

/** `/api/moderation/domain-blocks/{domain}`. */
export const domainBlockParams = z.object({ domain });

export const domainBlock = z.object({
  domain: z.string(),
  reason: z.string(),
  /** The moderator who blocked it; null once their account is gone. */
  moderator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: isoDateTime,
});
export type DomainBlock = z.infer<typeof domainBlock>;

export const domainBlockPage = page(domainBlock);

/** What blocking did, and what to tell the moderator. */
export const domainBlockResult = z.object({
  domain: z.string(),
  removedFollowers: z.number().int(),
  removedReactions: z.number().int(),
  message: z.string(),
});
export type DomainBlockResult = z.infer<typeof domainBlockResult>;

/**
 * For moderators: the servers whose people follow a person here, with how many each
 * (`GET /api/moderation/users/{userId}/remote-followers`), most first: what blocking each would remove.
 */
export const remoteFollowerServers = z.object({
  servers: z.array(z.object({ server: z.string(), followers: z.number().int() })),
});
export type RemoteFollowerServers = z.infer<typeof remoteFollowerServers>;
