import { PAGE_SIZE, type SearchResult } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';

/** Spec §7 `GET /api/search`: one page of users, posts and learning plans at once. */
export function fetchSearch(query: string, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ query, page: String(page), size: String(PAGE_SIZE.default) });
  return apiRequest<SearchResult>(`/api/search?${params}`, { signal });
}
