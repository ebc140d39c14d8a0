import { useLocation } from 'react-router';

/**
 * A page of this app to open after signing in, or '/': only a path on this origin is accepted, so a
 * crafted link cannot send someone elsewhere once signed in (`//host`, `https:…`, a backslash trick).
 */
export function sameOriginPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return '/';
  const url = new URL(candidate, window.location.origin);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
}

/** The page the signed-in guard sent the visitor from (router state `from`), checked; else '/'. */
export function returnPathOf(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return sameOriginPath(from);
}

/** Router state sending the sign-in page back here afterwards (read by `returnPathOf`). */
export function useReturnHereState(): { from: string } {
  const { pathname, search } = useLocation();
  return { from: `${pathname}${search}` };
}
