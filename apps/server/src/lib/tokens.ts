import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'pathwise';

/** Bearer tokens: HS256 JWTs whose subject is the user id. */
export function createTokenService(secret: string, expiresInSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(userId: number): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${expiresInSeconds}s`)
        .sign(key);
    },
    /** The user id of a valid, unexpired token signed by us; null for anything else. */
    async verify(token: string): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
