import { OAUTH_PATHS } from '@pathwise/contract';
import { useEffect, useState } from 'react';
import { type Location, useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { apiUrl } from '../../../lib/api-client';
import { rememberReturnPath } from '../oauth-return-path';
import { GoogleLogo } from './google-logo';

/**
 * 'Or continue with': remembers the page to come back to, then
 * hands the whole tab over to the server, which sends it on to the provider.
 */
export function SocialSignIn() {
  const location = useLocation();
  const [connecting, setConnecting] = useState(false);

  // The browser's Back button may restore this page as it was left (connecting): make it usable again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setConnecting(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const continueWithGoogle = () => {
    rememberReturnPath(pathToReturnTo(location));
    setConnecting(true);
    window.location.assign(apiUrl(OAUTH_PATHS.authorize('Google')));
  };

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        Or continue with
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <button
        type="button"
        onClick={continueWithGoogle}
        disabled={connecting}
        className="btn-secondary mt-4 w-full py-2.5"
      >
        {connecting ? <Spinner className="size-4" /> : <GoogleLogo />}
        {connecting ? 'Connecting...' : 'Continue with Google'}
      </button>
    </div>
  );
}

/** The page the sign-in guard sent the visitor from, else the current one. */
function pathToReturnTo({ state, pathname, search }: Location): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' ? from : `${pathname}${search}`;
}
