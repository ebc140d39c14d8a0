import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'pathwise';
/**
 * Tokens verified lately, remembered with their user and expiry: a client sends the same token with
 * every request, and checking its signature again (about 50 µs) would cost more than a small request.
 */
const REMEMBERED_TOKENS = 10_000;

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
  const verified = new Map<string, { userId: number; expiresAtMs: number }>();

  function remember(token: string, userId: number, expiresAtMs: number) {
    // Forget the oldest when full (a Map keeps insertion order).
    if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, { userId, expiresAtMs });
  }

  return {
    sign(userId: number): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${expiresInSeconds}s`)
        .sign(secretBytes);
    },
    /** The user id of a valid, unexpired token signed by us; null for anything else. */
    async verify(token: string): Promise<number | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.userId;
        verified.delete(token);
        return null;
      }
      for (const key of verifyKeys) {
        const payload = await verifiedPayload(token, await key);
        if (!payload) continue;
        const id = Number(payload.sub);
        if (!Number.isSafeInteger(id) || id <= 0 || payload.exp === undefined) return null;
        remember(token, id, payload.exp * 1000);
        return id;
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
