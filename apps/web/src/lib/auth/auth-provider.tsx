import {
  type CurrentUser,
  type LoginBody,
  OAUTH_MESSAGES,
  type SignupBody,
  STORAGE_KEYS,
  type TokenResponse,
} from '@pathwise/contract';
import {
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { serverMessageOr } from '../api-client';
import { clearApiCache } from '../offline-caches';
import * as authApi from './auth-api';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authReducer, initialAuthState } from './auth-reducer';
import { forgetUser, rememberedUserOf, rememberUser } from './remembered-user';
import { sameOriginPath } from './return-path';

/** Holds the session; must sit inside the router because it navigates. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [storedToken] = useState(() => localStorage.getItem(STORAGE_KEYS.authToken));
  const [state, dispatch] = useReducer(authReducer, storedToken, (token) =>
    initialAuthState({ token, rememberedUser: rememberedUserOf(token) }),
  );

  useEffect(() => {
    if (state.token && state.user) rememberUser(state.token, state.user);
    else if (!state.token) forgetUser();
  }, [state.token, state.user]);

  const endSession = useCallback(
    (to: string) => {
      localStorage.removeItem(STORAGE_KEYS.authToken);
      void clearApiCache();
      // One render for both: else the signed-in guard, seeing no user first, would redirect to plain /login.
      startTransition(() => {
        dispatch({ type: 'logout' });
        navigate(to);
      });
    },
    [navigate],
  );
  const logout = useCallback(() => endSession('/login'), [endSession]);

  // Until the server has confirmed the stored token, the session is kept whatever goes wrong on the way:
  // only a refusal (401) ends it, and apiRequest then opens /login?expired=true itself. A timeout, a
  // network error or a 5xx leaves the person signed in as last remembered, and the check is retried.
  const [serverUnreachable, setServerUnreachable] = useState(false);

  useEffect(() => {
    if (!storedToken) return;
    const controller = new AbortController();
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let checking = false;
    // Signing out (or in as someone else) meanwhile replaces the stored token: this one is no longer
    // to be confirmed.
    const stillStored = () => localStorage.getItem(STORAGE_KEYS.authToken) === storedToken;
    const stop = () => {
      clearTimeout(retryTimer);
      window.removeEventListener('online', checkNow);
      window.removeEventListener('pagehide', cancel);
    };
    const confirmSession = async () => {
      if (checking) return;
      checking = true;
      try {
        const user = await authApi.fetchCurrentUser(controller.signal);
        stop();
        setServerUnreachable(false);
        if (stillStored()) dispatch({ type: 'loginSuccess', user, token: storedToken });
      } catch {
        // Leaving the page (a reload, another address) cancels the request: that is no failure to reach
        // the server.
        if (controller.signal.aborted) return;
        if (!stillStored()) {
          stop();
          setServerUnreachable(false);
          return;
        }
        setServerUnreachable(true);
        retryTimer = setTimeout(confirmSession, retryDelay(failures++));
      } finally {
        checking = false;
      }
    };
    // The connection coming back is the best moment to try again, whatever the backoff says.
    function checkNow() {
      clearTimeout(retryTimer);
      void confirmSession();
    }
    function cancel() {
      controller.abort();
    }
    window.addEventListener('pagehide', cancel);
    window.addEventListener('online', checkNow);
    dispatch({ type: 'loginStart' });
    void confirmSession();
    return () => {
      stop();
      controller.abort();
    };
  }, [storedToken]);

  const signIn = useCallback(
    async (requestToken: () => Promise<TokenResponse>, fallbackMessage: string, returnTo: string) => {
      dispatch({ type: 'loginStart' });
      let session: { user: CurrentUser; token: string };
      try {
        const { accessToken } = await requestToken();
        // Whoever used this browser before may not have signed out: their kept responses go now
        // (social sign-in, in refreshUser, does the same).
        await clearApiCache();
        localStorage.setItem(STORAGE_KEYS.authToken, accessToken);
        session = { user: await authApi.fetchCurrentUser(), token: accessToken };
      } catch (error) {
        localStorage.removeItem(STORAGE_KEYS.authToken);
        const message = serverMessageOr(error, fallbackMessage);
        dispatch({ type: 'loginFailure', error: message });
        throw new Error(message, { cause: error });
      }
      dispatch({ type: 'loginSuccess', ...session });
      navigate(sameOriginPath(returnTo), { replace: true });
    },
    [navigate],
  );

  const login = useCallback(
    (body: LoginBody, returnTo = '/') => signIn(() => authApi.login(body), 'Failed to login', returnTo),
    [signIn],
  );
  const signup = useCallback(
    (body: SignupBody, returnTo = '/') => signIn(() => authApi.signup(body), 'Failed to register', returnTo),
    [signIn],
  );
  const refreshUser = useCallback(async () => {
    const token = localStorage.getItem(STORAGE_KEYS.authToken);
    dispatch({ type: 'loginStart' });
    try {
      if (!token) throw new Error('No token is stored');
      await clearApiCache();
      const user = await authApi.fetchUserOfNewToken();
      dispatch({ type: 'loginSuccess', user, token });
    } catch (error) {
      localStorage.removeItem(STORAGE_KEYS.authToken);
      dispatch({ type: 'loginFailure', error: OAUTH_MESSAGES.profileLoadFailed });
      throw error;
    }
  }, []);
  const updateUser = useCallback(
    (fields: Partial<CurrentUser>) => dispatch({ type: 'updateUser', fields }),
    [],
  );

  const renewSession = useCallback((token: string) => {
    localStorage.setItem(STORAGE_KEYS.authToken, token);
    dispatch({ type: 'renewToken', token });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      restoringSession: state.token !== null && state.user === null,
      serverUnreachable,
      login,
      signup,
      logout,
      endSession,
      refreshUser,
      updateUser,
      renewSession,
    }),
    [state, serverUnreachable, login, signup, logout, endSession, refreshUser, updateUser, renewSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** Waits twice as long after each failure (1 s, 2 s, 4 s…), at most half a minute. */
function retryDelay(failuresBefore: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** failuresBefore, LONGEST_RETRY_MS);
}
