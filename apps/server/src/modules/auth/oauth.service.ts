import { AUTH_MESSAGES, OAUTH_MESSAGES } from '@pathwise/contract';
import * as client from 'openid-client';
import type { OidcProvider } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { TokenService } from '../../lib/tokens.js';
import { insertAccount } from '../users/index.js';
import { findCredentialsByEmail, findSignInState } from './auth.queries.js';
import { createFlowSeal, type SignInFlow } from './oauth.flow.js';
import { identityFromClaims, type ProviderIdentity } from './oauth.identity.js';
import { type ConfiguredProvider, createProviderRegistry } from './oauth.providers.js';
import { findUserIdByIdentity, insertIdentity } from './oauth.queries.js';

const SCOPE = 'openid email profile';

/** The provider failed or refused: the message names it; the cause is logged, never shown. */
export class ProviderFailure extends AppError {
  constructor(message: string, cause: unknown) {
    super(502, message);
    this.cause = cause;
  }
}

/** A first sign-in: the account is made from what the provider shares, and has no password. */
async function newAccount(db: Database, { name, email, picture }: ProviderIdentity & { email: string }) {
  const { id } = await insertAccount(db, { name, email, profilePicture: picture });
  return id;
}

type OAuthServiceDependencies = {
  db: Database;
  tokens: TokenService;
  providers: Record<string, OidcProvider>;
  /** Signs the sign-in flow kept by the browser between the start and the callback. */
  secret: string;
  /** The secret before a rotation: flows it sealed (started before the switch) still finish. */
  previousSecret?: string;
};

/** Social sign-in: OpenID Connect authorization code flow with state, nonce and PKCE (S256). */
export function createOAuthService({
  db,
  tokens,
  providers,
  secret,
  previousSecret,
}: OAuthServiceDependencies) {
  const registry = createProviderRegistry(providers);
  const flows = createFlowSeal(secret, previousSecret);

  async function configurationOf(provider: ConfiguredProvider) {
    try {
      return await registry.configuration(provider);
    } catch (error) {
      throw new ProviderFailure(OAUTH_MESSAGES.providerFailed(provider.name), error);
    }
  }

  /** Exchanges the code and verifies the ID token (signature, issuer, audience, expiry, nonce). */
  async function identityAt(provider: ConfiguredProvider, callbackUrl: URL, flow: SignInFlow) {
    const configuration = await configurationOf(provider);
    try {
      const response = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        pkceCodeVerifier: flow.codeVerifier,
      });
      // expectedNonce makes the ID token mandatory, so its claims are there.
      const claims = response.claims()!;
      // Google puts the profile in the ID token; other providers may keep it for the UserInfo endpoint.
      if (claims.email !== undefined) return identityFromClaims(claims);
      const userInfo = await client.fetchUserInfo(configuration, response.access_token, claims.sub);
      return identityFromClaims({ ...userInfo, ...claims });
    } catch (error) {
      // The person said no at the provider: their choice, not a failure to log.
      if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
        throw forbidden(OAUTH_MESSAGES.accessDenied(provider.name));
      }
      throw new ProviderFailure(OAUTH_MESSAGES.providerFailed(provider.name), error);
    }
  }

  /**
   * The account of this identity: the one linked to it, else the one with its e-mail address when the
   * provider has verified that address (and the link is kept), else a new account without a password.
   * An existing account's profile is never changed here: people's own edits win over the provider's.
   */
  async function accountOf(provider: ConfiguredProvider, identity: ProviderIdentity): Promise<number> {
    const find = () =>
      db.transaction(async (tx) => {
        const linkedId = await findUserIdByIdentity(tx, provider.id, identity.subject);
        if (linkedId) return linkedId;
        if (!identity.email) throw badRequest(OAUTH_MESSAGES.emailMissing(provider.name));
        const existing = await findCredentialsByEmail(tx, identity.email);
        if (existing && !identity.emailVerified) {
          throw conflict(OAUTH_MESSAGES.emailUnverified(provider.name));
        }
        const userId = existing?.id ?? (await newAccount(tx, { ...identity, email: identity.email }));
        await insertIdentity(tx, {
          provider: provider.id,
          subject: identity.subject,
          userId,
          email: identity.email,
        });
        return userId;
      });
    try {
      return await find();
    } catch (error) {
      // A simultaneous first sign-in of the same person won the race: its account is there now.
      if (isUniqueViolation(error)) return find();
      throw error;
    }
  }

  return {
    /** Where to send the browser to sign in at `provider`, and the flow to keep until it comes back. */
    async start(provider: ConfiguredProvider, redirectUri: string) {
      const configuration = await configurationOf(provider);
      const flow: SignInFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const authorizationUrl = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { authorizationUrl, sealedFlow: await flows.seal(provider.id, flow) };
    },

    /** The providers a person can sign in with here: configured ones only. */
    configuredProviders: () =>
      Object.entries(providers)
        .filter(([, provider]) => provider.client !== null)
        .map(([id, { name }]) => ({ id, name })),

    /** The provider named in a sign-in URL; unknown and unconfigured ones are refused (AppError). */
    provider: (providerId: string) => registry.find(providerId),

    /**
     * Completes sign-in from the provider's redirect (`callbackUrl`: our redirect URI with the query the
     * provider added) and the flow kept since the start; returns a Pathwise bearer token.
     */
    async finish(provider: ConfiguredProvider, callbackUrl: URL, sealedFlow: string | undefined) {
      const flow = await flows.open(provider.id, sealedFlow);
      if (!flow || callbackUrl.searchParams.get('state') !== flow.state) {
        throw badRequest(OAUTH_MESSAGES.flowInvalid(provider.name));
      }
      const identity = await identityAt(provider, callbackUrl, flow);
      const userId = await accountOf(provider, identity);
      const account = await findSignInState(db, userId);
      if (account.suspended) throw forbidden(AUTH_MESSAGES.accountSuspended);
      return tokens.sign(userId, account.tokenVersion);
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
