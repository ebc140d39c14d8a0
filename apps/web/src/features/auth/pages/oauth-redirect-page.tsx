import { OAUTH_DELAYS_MS, OAUTH_MESSAGES, OAUTH_PATHS, STORAGE_KEYS } from '@pathwise/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useAuth } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { AuthScreen } from '../components/auth-screen';
import { takeReturnPath } from '../oauth-return-path';

type Status = 'processing' | 'success' | 'failed' | 'profileError';

/** What the page says at each step. */
const STATUS_TEXT: Record<Status, string> = {
  processing: 'Processing authentication...',
  success: 'Authentication successful! Loading your profile...',
  failed: 'Authentication failed!',
  profileError: 'Error loading profile data. Please try again.',
};

/**
 * Where a social sign-in ends: our server sends the browser here with `#token=` (in the fragment, which
 * the browser never sends to a server, so no log keeps it) or `?error=`. A token in the query
 * (`?token=`) is taken too, since the callback is also described that way; our request logs redact it.
 * Either leaves the address bar at once. Each outcome is shown for a moment before moving on.
 */
export function OAuthRedirectPage() {
  useDocumentTitle('Signing in');
  const location = useLocation();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  const [callback] = useState(() => {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const query = new URLSearchParams(location.search);
    return { token: fragment.get('token') || query.get('token'), error: query.get('error') };
  });
  const [status, setStatus] = useState<Status>(callback.token ? 'processing' : 'failed');

  useEffect(() => {
    // At once: the token must not stay in the address bar, nor in the history (a replace, which is
    // history.replaceState underneath).
    navigate(OAUTH_PATHS.redirectPage, { replace: true });
    const timers = new Set<ReturnType<typeof setTimeout>>();
    let active = true;
    const after = (delay: number, action: () => void) => timers.add(setTimeout(action, delay));
    const backToLogin = (error: string, delay: number) =>
      after(delay, () => navigate('/login', { replace: true, state: { error } }));

    const { token, error } = callback;
    if (!token) {
      backToLogin(error || OAUTH_MESSAGES.failed, OAUTH_DELAYS_MS.missingToken);
    } else {
      localStorage.setItem(STORAGE_KEYS.authToken, token);
      after(OAUTH_DELAYS_MS.refreshUser, () => {
        refreshUser().then(
          () => {
            if (!active) return;
            setStatus('success');
            after(OAUTH_DELAYS_MS.success, () => navigate(takeReturnPath(), { replace: true }));
          },
          () => {
            if (!active) return;
            setStatus('profileError');
            backToLogin(OAUTH_MESSAGES.profileLoadFailed, OAUTH_DELAYS_MS.refreshFailed);
          },
        );
      });
    }
    return () => {
      active = false;
      for (const timer of timers) clearTimeout(timer);
    };
  }, [callback, navigate, refreshUser]);

  const working = status === 'processing' || status === 'success';
  return (
    <AuthScreen>
      <div role="status" className="flex flex-col items-center gap-4 py-4 text-center">
        {working && <Spinner className="size-8 text-indigo-600" />}
        <p className={working ? 'text-slate-700' : 'font-semibold text-red-700'}>{STATUS_TEXT[status]}</p>
      </div>
    </AuthScreen>
  );
}
