import { useEffect, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/callout';

const FAILED_AUTHENTICATION_HINT =
  'This may happen if you denied access or there was a problem with the authentication server.';

/**
 * A social sign-in error arrives in the navigation state or as `?error=`. It is shown once
 * and then removed from the URL, so reloading or sharing the page does not bring it back.
 */
export function OAuthErrorBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const [oauthError] = useState(() => readOAuthError(location));

  useEffect(() => {
    if (oauthError) navigate(oauthError.cleanUrl, { replace: true, state: null });
  }, [oauthError, navigate]);

  if (!oauthError) return null;
  return (
    <ErrorBox>
      <p>{oauthError.message}</p>
      {/authentication failed/i.test(oauthError.message) && <p>{FAILED_AUTHENTICATION_HINT}</p>}
    </ErrorBox>
  );
}

function readOAuthError({ pathname, search, state }: Location) {
  const params = new URLSearchParams(search);
  const message = errorInState(state) ?? params.get('error');
  if (!message) return null;
  params.delete('error');
  const remainingQuery = params.toString();
  return { message, cleanUrl: remainingQuery ? `${pathname}?${remainingQuery}` : pathname };
}

function errorInState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('error' in state)) return undefined;
  return typeof state.error === 'string' && state.error ? state.error : undefined;
}
