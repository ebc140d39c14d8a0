import { vi } from 'vitest';

/** jsdom cannot load pages; this records the full page loads the app asks the browser for. */
export function recordPageLoads() {
  const assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}
