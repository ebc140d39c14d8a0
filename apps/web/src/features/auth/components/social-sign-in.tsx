import { OAUTH_PATHS, OAUTH_PROVIDERS_PATH, type SignInProviders } from '@pathwise/contract';
import { useEffect, useState } from 'react';
import { type Location, useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { apiRequest, apiUrl } from '../../../lib/api-client';
import { rememberReturnPath } from '../oauth-return-path';
import { GoogleLogo } from './google-logo';

type Provider = SignInProviders['providers'][number];

let providersRequest: Promise<Provider[]> | undefined;

/**
 * The providers this server can sign in with, asked for once per page load (the sign-in and sign-up
 * pages share the response); a failed request is asked again next time.
 */
function configuredProviders(): Promise<Provider[]> {
  providersRequest ??= apiRequest<SignInProviders>(OAUTH_PROVIDERS_PATH).then(
    ({ providers }) => providers,
    (error: unknown) => {
      providersRequest = undefined;
      throw error;
    },
  );
  return providersRequest;
}

/**
 * 'Or continue with', for each provider the server is configured
 * for (none: nothing is shown, rather than a button that could only fail): remembers the page to come
 * back to, then hands the whole tab over to the server, which sends it on to the provider.
 */
export function SocialSignIn() {
  const location = useLocation();
  const [providers, setProviders] = useState<Provider[]>([]);
  const [connecting, setConnecting] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    configuredProviders().then(
      (configured) => current && setProviders(configured),
      () => {}, // Unknown: the e-mail and password form is all the page offers.
    );
    return () => {
      current = false;
    };
  }, []);

  // The browser's Back button may restore this page as it was left (connecting): make it usable again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setConnecting(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const continueWith = (provider: Provider) => {
    rememberReturnPath(pathToReturnTo(location));
    setConnecting(provider.id);
    window.location.assign(apiUrl(OAUTH_PATHS.authorize(provider.id)));
  };

  if (providers.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        Or continue with
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          onClick={() => continueWith(provider)}
          disabled={connecting !== null}
          className="btn-secondary mt-4 w-full py-2.5"
        >
          {connecting === provider.id ? (
            <Spinner className="size-4" />
          ) : (
            provider.id === 'google' && <GoogleLogo />
          )}
          {connecting === provider.id ? 'Connecting...' : `Continue with ${provider.name}`}
        </button>
      ))}
    </div>
  );
}

/** The page the sign-in guard sent the visitor from, else the current one. */
function pathToReturnTo({ state, pathname, search }: Location): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' ? from : `${pathname}${search}`;
}
