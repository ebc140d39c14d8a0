import { OAUTH_MESSAGES } from '@pathwise/contract';
import * as client from 'openid-client';
import type { OidcClientSettings, OidcProvider } from '../../config.js';
import { AppError, notFound } from '../../lib/app-error.js';

/** A provider this server can sign people in with. */
export type ConfiguredProvider = { id: string; name: string; settings: OidcClientSettings };

const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * The configured OpenID Connect providers. Each provider's metadata is discovered on first use and
 * kept for the life of the process; a failed discovery is forgotten, so the next sign-in retries.
 */
export function createProviderRegistry(providers: Record<string, OidcProvider>) {
  const configurations = new Map<string, Promise<client.Configuration>>();

  return {
    /**
     * The provider named in a sign-in URL (already lowercased); unknown and unconfigured ones are refused.
     */
    find(id: string): ConfiguredProvider {
      const provider = Object.hasOwn(providers, id) ? providers[id] : undefined;
      if (!provider) throw notFound(OAUTH_MESSAGES.unknownProvider(id));
      if (!provider.client) throw new AppError(501, OAUTH_MESSAGES.notConfigured(provider.name));
      return { id, name: provider.name, settings: provider.client };
    },

    configuration({ id, settings }: ConfiguredProvider): Promise<client.Configuration> {
      let configuration = configurations.get(id);
      if (!configuration) {
        configuration = discover(settings);
        configurations.set(id, configuration);
        configuration.catch(() => configurations.delete(id));
      }
      return configuration;
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;

function discover({
  issuer,
  clientId,
  clientSecret,
  discoveryTimeoutSeconds = DISCOVERY_TIMEOUT_SECONDS,
}: OidcClientSettings) {
  const issuerUrl = new URL(issuer);
  return client.discovery(issuerUrl, clientId, clientSecret, undefined, {
    timeout: discoveryTimeoutSeconds,
    execute: [
      // The ID token's signature is checked against the provider's published keys, not only TLS.
      client.enableNonRepudiationChecks,
      // Configuration accepts http:// only for a provider on this machine (development, tests).
      ...(issuerUrl.protocol === 'http:' ? [client.allowInsecureRequests] : []),
    ],
  });
}
