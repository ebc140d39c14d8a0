import type { CurrentUser } from '@pathwise/contract';

/** The session as the app holds it: the user, their token, whether it is loading, the last error. */
export type AuthState = {
  user: CurrentUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
};

/**
 * The session's actions, renewToken among them; storing and removing the token is the provider's side effect.
 */
export type AuthAction =
  | { type: 'loginStart' }
  | { type: 'loginSuccess'; user: CurrentUser; token: string }
  | { type: 'loginFailure'; error: string }
  | { type: 'logout' }
  | { type: 'updateUser'; fields: Partial<CurrentUser> }
  | { type: 'renewToken'; token: string };

/** With a stored token, the user is loading, shown meanwhile as last remembered, if at all. */
export function initialAuthState({
  token,
  rememberedUser,
}: {
  token: string | null;
  rememberedUser: CurrentUser | null;
}): AuthState {
  return { user: token ? rememberedUser : null, token, loading: token !== null, error: null };
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'loginStart':
      return { ...state, loading: true, error: null };
    case 'loginSuccess':
      return { ...state, user: action.user, token: action.token, loading: false, error: null };
    case 'loginFailure':
      return { ...state, loading: false, error: action.error };
    case 'logout':
      return { ...state, user: null, token: null, loading: false };
    case 'renewToken':
      return { ...state, token: action.token };
    case 'updateUser':
      return state.user ? { ...state, user: { ...state.user, ...action.fields } } : state;
  }
}
