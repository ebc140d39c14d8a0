import { STORAGE_KEYS } from '@pathwise/contract';
import { sameOriginPath } from '../../lib/auth/return-path';

/** The page social sign-in comes back to, kept in session storage while the provider has the tab. */
export function rememberReturnPath(path: string) {
  sessionStorage.setItem(STORAGE_KEYS.oauthRedirectFrom, path);
}

/**
 * The remembered page, forgotten once read. Only a path of this app is accepted: anything that
 * would leave it (`//host`, a scheme, a backslash trick) means the home page.
 */
export function takeReturnPath(): string {
  const remembered = sessionStorage.getItem(STORAGE_KEYS.oauthRedirectFrom);
  sessionStorage.removeItem(STORAGE_KEYS.oauthRedirectFrom);
  return sameOriginPath(remembered);
}
