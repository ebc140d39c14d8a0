import type { SearchResult } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

/** `GET /api/search`: one page of users, posts and learning plans at once. */
export function fetchSearch(query: string, page: number, signal?: AbortSignal) {
  return apiRequest<SearchResult>(`/api/search?${pageQuery(page, { query })}`, { signal });
}
