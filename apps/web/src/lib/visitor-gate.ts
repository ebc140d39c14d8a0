import { createContext, useCallback, useContext } from 'react';

/**
 * Opens the "Sign in to continue" prompt. Provided by the frame of a visitor reading signed out;
 * null wherever someone is signed in.
 */
export const AskToSignInContext = createContext<(() => void) | null>(null);

/** Whether the page is read by a visitor without an account (PUBLIC_READING). */
export const useIsVisitor = () => useContext(AskToSignInContext) !== null;

/**
 * Wraps an action only members can take (like, comment, follow, save, report, progress…): for a
 * visitor it asks them to sign in instead, and nothing is sent; once signed in they are back on the
 * page to do it themselves.
 */
export function useSignInFirst() {
  const ask = useContext(AskToSignInContext);
  return useCallback(
    <Args extends unknown[]>(action: (...args: Args) => void) => (ask ? (..._args: Args) => ask() : action),
    [ask],
  );
}
