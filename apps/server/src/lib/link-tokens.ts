import { createHash, randomBytes } from 'node:crypto';

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
