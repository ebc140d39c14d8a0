import type { CurrentUser, LoginBody, SignupBody } from '@pathwise/contract';
import { createContext, useContext } from 'react';
import type { AuthState } from './auth-reducer';

export type AuthContextValue = AuthState & {
  /** True while a stored token waits for `/api/auth/me` to say whose it is. */
  restoringSession: boolean;
  /**
   * The stored session could not be confirmed (timeout, network error, 5xx) and is being retried; the
   * person stays signed in as last remembered meanwhile.
   */
  serverUnreachable: boolean;
  /**
   * Opens `returnTo` once signed in (a path of this app; anything else means '/'). Rejects with an
   * Error whose message is ready to show.
   */
  login: (body: LoginBody, returnTo?: string) => Promise<void>;
  /** As login, for a new account. */
  signup: (body: SignupBody, returnTo?: string) => Promise<void>;
  logout: () => void;
  /**
   * Signs out on this device and opens `to` (the sign-in page with a message, once an account is deleted).
   */
  endSession: (to: string) => void;
  /**
   * Loads the user of the token stored by social sign-in. On failure the token is removed
   * and the promise rejects.
   */
  refreshUser: () => Promise<void>;
  updateUser: (fields: Partial<CurrentUser>) => void;
  /** Keeps the token the server answered after ending every other session (the old one is refused now). */
  renewSession: (token: string) => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * The signed-in user, or null for a visitor reading signed out (PUBLIC_READING): for the screens a
 * visitor may read (home feeds, a post, a plan, a profile).
 */
export function useViewer(): CurrentUser | null {
  return useAuth().user;
}

/** The signed-in user, for screens that only render behind the signed-in guard. */
export function useSignedInUser(): CurrentUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser must only be used where a user is signed in');
  return user;
}
