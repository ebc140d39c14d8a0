import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** The claims a test person has at the provider; `sub` is also what they type as their login there. */
export type IdentityClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

export type IdentityProviderOptions = {
  /** 0 (default): any free port. */
  port?: number;
  /** Where the registered client may be sent back to, such as {app}/api/auth/oauth2/callback/google. */
  redirectUris: string[];
  /** true (default), like Google: the profile is in the ID token. false: only at the UserInfo endpoint. */
  profileInIdToken?: boolean;
};

export const IDENTITY_CLIENT = { id: 'pathwise-tests', secret: 'identity-provider-test-client-secret' };

/**
 * A real OpenID Provider (`oidc-provider`) on a loopback port, with one confidential client and the
 * package's development sign-in and consent pages. People are registered with `addPerson`; anyone
 * else who signs in is taken to be an e-mail address the provider has verified (login = sub = email).
 */
export async function startIdentityProvider({
  port = 0,
  redirectUris,
  profileInIdToken = true,
}: IdentityProviderOptions) {
  const people = new Map<string, IdentityClaims>();
  const server = createServer();
  // Node closes an idle connection after 5 s; on a starved CI the server's fetch then took up a connection
  // just as it closed ("other side closed"), and a sign-in failed. Idle connections stay until the client
  // (which closes its own after 4 s) or close() ends them.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDENTITY_CLIENT.id,
        client_secret: IDENTITY_CLIENT.secret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' }] },
    cookies: { keys: ['identity-provider-test-cookie-key'] },
    claims: { email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: !profileInIdToken,
    pkce: { required: () => true },
    ttl: {
      Session: 3600,
      Grant: 3600,
      Interaction: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context, login) {
      const claims = people.get(login) ?? {
        sub: login,
        email: login,
        email_verified: true,
        name: login.split('@')[0],
      };
      return { accountId: login, claims: async () => claims };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    // A loaded CI starves this process for seconds: the server's 10 s for its answer were once too few.
    client: {
      issuer,
      clientId: IDENTITY_CLIENT.id,
      clientSecret: IDENTITY_CLIENT.secret,
      discoveryTimeoutSeconds: 60,
    },
    /** Registers (or changes) a person; they sign in with `claims.sub` as their login. */
    addPerson(claims: IdentityClaims) {
      people.set(claims.sub, claims);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type IdentityProvider = Awaited<ReturnType<typeof startIdentityProvider>>;

/**
 * Plays the person in a browser at the provider: follows the redirects from `authorizationUrl`, signs
 * in as `login`, then approves (or cancels at) the consent page. Answers the URL the provider sends
 * the browser back to, with the provider's own cookies kept along the way.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  { consent = true }: { consent?: boolean } = {},
): Promise<URL> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();
  let request: { url: string; form?: Record<string, string> } = { url: authorizationUrl };

  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, {
      method: request.form ? 'POST' : 'GET',
      body: request.form && new URLSearchParams(request.form),
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      redirect: 'manual',
    });
    for (const header of response.headers.getSetCookie()) {
      const [name = '', value = ''] = header.split(';')[0]!.split(/=(.*)/);
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== providerOrigin) return next;
      request = { url: next.href };
      continue;
    }
    const page = await response.text();
    if (!response.ok) throw new Error(`the provider answered ${response.status}: ${page}`);
    const action = new URL(/action="([^"]+)"/.exec(page)?.[1] ?? '', request.url).href;
    if (page.includes('name="prompt" value="login"')) {
      request = { url: action, form: { prompt: 'login', login, password: 'any' } };
    } else if (consent) {
      request = { url: action, form: { prompt: 'consent' } };
    } else {
      request = { url: `${action}/abort` };
    }
  }
  throw new Error('the provider never sent the browser back');
}
