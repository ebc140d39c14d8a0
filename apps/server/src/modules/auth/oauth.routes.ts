import cookie from '@fastify/cookie';
import { OAUTH_MESSAGES, OAUTH_PATHS, signInProviders } from '@pathwise/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { routeOptions } from '../../lib/route-schema.js';
import { publicOrigin } from '../../lib/viewer.js';
import { FLOW_TTL_SECONDS } from './oauth.flow.js';
import { type OAuthService, ProviderFailure } from './oauth.service.js';

const route = routeOptions(['auth']);

type OAuthRoutesOptions = { oauth: OAuthService; publicUrl: string | undefined };

const FLOW_COOKIE = 'pathwise_oauth_flow';
/** Browsers may keep the list a few minutes: it changes only when the server is configured again. */
const PROVIDERS_MAX_AGE_SECONDS = 300;

const providerParams = z.object({
  provider: z
    .string()
    .transform((provider) => provider.toLowerCase())
    .meta({ description: 'Provider id, such as google' }),
});

/**
 * Social sign-in: browser navigations, never AJAX calls. Every outcome, failures
 * included, is a redirect to the web app's OAuth redirect page with `#token=` or a readable `?error=`.
 */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (app, { oauth, publicUrl }) => {
  await app.register(cookie);

  const origin = (request: FastifyRequest) => publicOrigin(publicUrl, request);
  // Normalised (no default port…) as openid-client sends it to the token endpoint: both must match.
  const redirectUri = (request: FastifyRequest, provider: string) =>
    new URL(`${origin(request)}${OAUTH_PATHS.callback(provider)}`).href;
  // The token goes in the fragment, which browsers never send to a server: no access log, proxy or
  // Referer sees it. The error is meant to be read, so it may travel in the query.
  const toWebApp = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: { token: string } | { error: string },
  ) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(
        `${origin(request)}${OAUTH_PATHS.redirectPage}` +
          `${'token' in outcome ? '#' : '?'}${new URLSearchParams(outcome)}`,
      );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ProviderFailure) request.log.warn({ err: error.cause }, error.message);
    else if (!(error instanceof AppError)) request.log.error({ err: error }, 'social sign-in failed');
    const message = error instanceof AppError ? error.message : OAUTH_MESSAGES.serverFailed;
    return toWebApp(request, reply, { error: message });
  });

  // Read by the sign-in page before anyone is signed in; it changes only with the configuration.
  app.get(
    '/providers',
    route('The social sign-in providers configured on this server', {
      response: { 200: signInProviders },
    }),
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${PROVIDERS_MAX_AGE_SECONDS}`);
      return { providers: oauth.configuredProviders() };
    },
  );

  app.get(
    '/authorize/:provider',
    route('Start social sign-in (browser navigation)', {
      description:
        'Redirects to the provider with an authorization code request (state, nonce, PKCE). The flow ' +
        'is kept in a short-lived signed cookie until the callback.',
      params: providerParams,
    }),
    async (request, reply) => {
      const provider = oauth.provider(request.params.provider);
      const { authorizationUrl, sealedFlow } = await oauth.start(provider, redirectUri(request, provider.id));
      reply.setCookie(FLOW_COOKIE, sealedFlow, {
        path: OAUTH_PATHS.callback(provider.id),
        httpOnly: true,
        // Lax: the cookie goes along with the provider's top-level redirect back to us.
        sameSite: 'lax',
        secure: origin(request).startsWith('https:'),
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(authorizationUrl.href);
    },
  );

  app.get(
    '/callback/:provider',
    route('Finish social sign-in (the provider redirects the browser here)', {
      description:
        `Redirects to ${OAUTH_PATHS.redirectPage}#token=… on success ` +
        '(in the fragment, so that no server or log sees it), ?error=… otherwise.',
      params: providerParams,
    }),
    async (request, reply) => {
      const provider = oauth.provider(request.params.provider);
      const sealedFlow = request.cookies[FLOW_COOKIE];
      // A flow is used once, whatever the outcome.
      reply.clearCookie(FLOW_COOKIE, { path: OAUTH_PATHS.callback(provider.id) });
      const callbackUrl = new URL(redirectUri(request, provider.id));
      callbackUrl.search = new URL(request.url, callbackUrl).search;
      const token = await oauth.finish(provider, callbackUrl, sealedFlow);
      return toWebApp(request, reply, { token });
    },
  );
};
