import { type CurrentUser, STORAGE_KEYS } from '@pathwise/contract';

type Remembered = { token: string; user: CurrentUser };

/**
 * The signed-in user of the last visit, kept next to the token it belongs to. A reload shows the app
 * at once with it while `/api/auth/me` confirms the session in parallel with the page's own data
 * (one round trip instead of two); a token of someone else, or none, finds nobody remembered.
 */
export function rememberedUserOf(token: string | null): CurrentUser | null {
  if (!token) return null;
  try {
    const remembered = JSON.parse(
      localStorage.getItem(STORAGE_KEYS.rememberedUser) ?? 'null',
    ) as Partial<Remembered> | null;
    const user = remembered?.user;
    const usable =
      remembered?.token === token && typeof user?.id === 'number' && typeof user.name === 'string';
    return usable ? (user as CurrentUser) : null;
  } catch {
    return null;
  }
}

export function rememberUser(token: string, user: CurrentUser) {
  localStorage.setItem(STORAGE_KEYS.rememberedUser, JSON.stringify({ token, user } satisfies Remembered));
}

export function forgetUser() {
  localStorage.removeItem(STORAGE_KEYS.rememberedUser);
}
