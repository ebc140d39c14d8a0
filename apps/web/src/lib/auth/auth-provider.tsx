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
  useEffectEvent,
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

  // An effect event: `navigate`, and so `logout`, changes with the page, and the stored session must
  // be restored once, not again after every navigation.
  const dropUnusableToken = useEffectEvent(logout);

  useEffect(() => {
    if (!storedToken) return;
    const controller = new AbortController();
    // Leaving the page (a reload, another address) cancels the request: that is no failure to load the
    // user, and ending the session for it would sign out the page the browser is about to open.
    const cancel = () => controller.abort();
    window.addEventListener('pagehide', cancel);
    dispatch({ type: 'loginStart' });
    authApi.fetchCurrentUser(controller.signal).then(
      (user) => dispatch({ type: 'loginSuccess', user, token: storedToken }),
      () => {
        if (!controller.signal.aborted) dropUnusableToken();
      },
    );
    return () => {
      window.removeEventListener('pagehide', cancel);
      controller.abort();
    };
  }, [storedToken]);

  const signIn = useCallback(
    async (requestToken: () => Promise<TokenResponse>, fallbackMessage: string) => {
      dispatch({ type: 'loginStart' });
      try {
        const { accessToken } = await requestToken();
        // Whoever used this browser before may not have signed out: their kept answers go now
        // (social sign-in, in refreshUser, does the same).
        await clearApiCache();
        localStorage.setItem(STORAGE_KEYS.authToken, accessToken);
        const user = await authApi.fetchCurrentUser();
        dispatch({ type: 'loginSuccess', user, token: accessToken });
      } catch (error) {
        localStorage.removeItem(STORAGE_KEYS.authToken);
        const message = serverMessageOr(error, fallbackMessage);
        dispatch({ type: 'loginFailure', error: message });
        throw new Error(message, { cause: error });
      }
      navigate('/');
    },
    [navigate],
  );

  const login = useCallback(
    (body: LoginBody) => signIn(() => authApi.login(body), 'Failed to login'),
    [signIn],
  );
  const signup = useCallback(
    (body: SignupBody) => signIn(() => authApi.signup(body), 'Failed to register'),
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
      login,
      signup,
      logout,
      endSession,
      refreshUser,
      updateUser,
      renewSession,
    }),
    [state, login, signup, logout, endSession, refreshUser, updateUser, renewSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
