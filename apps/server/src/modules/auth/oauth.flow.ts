import { jwtVerify, SignJWT } from 'jose';

/** What the callback must check against: created when sign-in starts, kept by the browser until then. */
export type SignInFlow = { state: string; nonce: string; codeVerifier: string };

/** How long someone has to finish signing in at the provider. */
export const FLOW_TTL_SECONDS = 600;
/** Differs from the bearer tokens' issuer, so neither kind of token is accepted as the other. */
const FLOW_ISSUER = 'pathwise-oauth-flow';

/**
 * Seals a sign-in flow into a short-lived JWT signed with the server's secret: the server keeps no
 * state between the start and the callback (any instance can answer either), and a flow cannot be
 * forged, stretched past its expiry or replayed against another provider. During a rotation a flow
 * sealed with `previousSecret` still opens, so sign-ins started just before the switch can finish.
 */
export function createFlowSeal(secret: string, previousSecret?: string) {
  const encode = (text: string) => new TextEncoder().encode(text);
  const key = encode(secret);
  const openingKeys = [key, ...(previousSecret ? [encode(previousSecret)] : [])];
  return {
    seal(provider: string, flow: SignInFlow): Promise<string> {
      return new SignJWT(flow)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(FLOW_ISSUER)
        .setAudience(provider)
        .setIssuedAt()
        .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
        .sign(key);
    },

    /** The flow sealed for `provider`; null when missing, tampered with, expired or for another provider. */
    async open(provider: string, sealed: string | undefined): Promise<SignInFlow | null> {
      if (!sealed) return null;
      for (const openingKey of openingKeys) {
        const flow = await flowSealedWith(openingKey, provider, sealed);
        if (flow) return flow;
      }
      return null;
    },
  };
}

async function flowSealedWith(key: Uint8Array, provider: string, sealed: string): Promise<SignInFlow | null> {
  try {
    const { payload } = await jwtVerify(sealed, key, {
      algorithms: ['HS256'],
      issuer: FLOW_ISSUER,
      audience: provider,
    });
    const { state, nonce, codeVerifier } = payload;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') {
      return null;
    }
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}
