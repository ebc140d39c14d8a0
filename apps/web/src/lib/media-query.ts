import { useSyncExternalStore } from 'react';

const listFor = (query: string) =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;

/**
 * Whether the window matches a CSS media query now, following it as the window changes. For parts
 * a narrow screen should not even load (CSS `hidden` would still fetch their data).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listFor(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => listFor(query)?.matches ?? false,
  );
}
