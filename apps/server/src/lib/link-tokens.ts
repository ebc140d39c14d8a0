import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens of the links Pathwise mails (password reset, e-mail change): 32 random bytes, of which only
 * the SHA-256 is stored, so whoever reads the database cannot use a pending link.
 */
export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token (for the mail) with the hash and expiry to store. */
export function newLinkToken(lifetimeMinutes: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: linkTokenHash(token),
    expiresAt: new Date(Date.now() + lifetimeMinutes * 60_000),
  };
}

/** Why a stored link may not be used (null: it may), so each kind of link words the refusal its way. */
export function linkRefusal(
  link: { usedAt: Date | null; expiresAt: Date } | null,
): 'unknown' | 'used' | 'expired' | null {
  if (!link) return 'unknown';
  if (link.usedAt) return 'used';
  if (link.expiresAt.getTime() <= Date.now()) return 'expired';
  return null;
}

/**
 * Signed links, stored nowhere: `<id>.<HMAC-SHA256 of purpose and id>`, for links that must keep working
 * for months and whose use is harmless to repeat (the digest's unsubscribe link). The key is derived
 * from the server's secret and the purpose, so such a token is never a sign-in token nor another
 * purpose's.
 */
const signature = (purpose: string, id: number, secret: string) =>
  createHmac('sha256', createHmac('sha256', secret).update(`pathwise link: ${purpose}`).digest())
    .update(String(id))
    .digest('base64url');

export const signedLinkToken = (purpose: string, id: number, secret: string) =>
  `${id}.${signature(purpose, id, secret)}`;

/** The id a signed token was made for, checked against every secret in use (a rotation), or null. */
export function signedLinkTokenId(purpose: string, token: string, secrets: readonly string[]): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  const id = Number(match?.[1]);
  // Ids are PostgreSQL integers: a larger one was never signed.
  if (!match || id > 2_147_483_647) return null;
  const given = Buffer.from(match[2]!);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(signature(purpose, id, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? id : null;
}
