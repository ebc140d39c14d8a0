/**
 * The person's recent searches, kept in this browser only (docs/features.md, "Search"). Each account has
 * its own key, so someone else signing in on the same browser never sees them.
 */
export const RECENT_SEARCHES_MAX = 8;

const keyOf = (userId: number) => `pathwise_recent_searches_${userId}`;

export function readRecentSearches(userId: number): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter((query): query is string => typeof query === 'string').slice(0, RECENT_SEARCHES_MAX);
  } catch {
    // Unreadable (edited by hand, or storage refused): as if there were none.
    return [];
  }
}

/** Puts `query` first, dropping an earlier copy of it (whatever its case) and the oldest beyond the limit. */
export function rememberSearch(userId: number, query: string): string[] {
  const kept = readRecentSearches(userId).filter((earlier) => earlier.toLowerCase() !== query.toLowerCase());
  const next = [query, ...kept].slice(0, RECENT_SEARCHES_MAX);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // Storage full or refused (private browsing): searching works without the list.
  }
  return next;
}

export function clearRecentSearches(userId: number): void {
  localStorage.removeItem(keyOf(userId));
}
