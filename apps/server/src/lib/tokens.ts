import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'pathwise';
/**
 * Tokens verified lately, remembered with their user and expiry: a client sends the same token with
 * every request, and checking its signature again (about 50 µs) would cost more than a small request.
 */
const REMEMBERED_TOKENS = 10_000;

/** Who a valid token speaks for, and the account's token version when it was signed. */
export type TokenClaims = { userId: number; tokenVersion: number };

// Imported once: given raw bytes, jose imports the key again for every token it checks.
const verifyKeyOf = (secretBytes: Uint8Array) =>
  webcrypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);

/**
 * Bearer tokens: HS256 JWTs whose subject is the user id, signed with `secret`. During a rotation,
 * tokens signed with `previousSecret` are still accepted until they expire.
 */
export function createTokenService(secret: string, expiresInSeconds: number, previousSecret?: string) {
  const encode = (text: string) => new TextEncoder().encode(text);
  const secretBytes = encode(secret);
  const verifyKeys = [secret, ...(previousSecret ? [previousSecret] : [])].map((key) =>
    verifyKeyOf(encode(key)),
  );
  const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();

  function remember(token: string, claims: TokenClaims, expiresAtMs: number) {
    // Forget the oldest when full (a Map keeps insertion order).
    if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, { ...claims, expiresAtMs });
  }

  return {
    sign(userId: number, tokenVersion: number): Promise<string> {
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${expiresInSeconds}s`)
        .sign(secretBytes);
    },
    /** The claims of a valid, unexpired token signed by us; null for anything else. */
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return { userId: known.userId, tokenVersion: known.tokenVersion };
        verified.delete(token);
        return null;
      }
      for (const key of verifyKeys) {
        const payload = await verifiedPayload(token, await key);
        if (!payload) continue;
        const userId = Number(payload.sub);
        // Tokens signed before versions existed carry no claim: version 0, so the upgrade ends no session.
        const tokenVersion = payload.ver ?? 0;
        if (!Number.isSafeInteger(userId) || userId <= 0 || payload.exp === undefined) return null;
        if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion) || tokenVersion < 0) {
          return null;
        }
        const claims = { userId, tokenVersion };
        remember(token, claims, payload.exp * 1000);
        return claims;
      }
      return null;
    },
  };
}
async function verifiedPayload(token: string, key: Awaited<ReturnType<typeof verifyKeyOf>>) {
  try {
    return (await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER })).payload;
  } catch {
    return null;
  }
}

export type TokenService = ReturnType<typeof createTokenService>;
