import type { SearchResult } from '@pathwise/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list';
import { fetchSearch } from './search-api';

/** The kinds of result a search answers, each paged on its own. */
export type SearchGroup = keyof SearchResult;

const searchKeys = {
  query: (query: string) => ['search', query] as const,
  response: (query: string, page: number) => ['search', query, 'response', page] as const,
  group: (query: string, group: SearchGroup) => ['search', query, 'group', group] as const,
};

/**
 * One response of the API, shared by the four lists: page N of users, posts, plans and groups comes in one
 * request.
 */
const searchResponse = (query: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.response(query, page),
    queryFn: ({ signal }) => fetchSearch(query, page, signal),
    // The lists reading it retry; retrying here as well would multiply the attempts.
    retry: false,
  });

/** One kind of result for `query`, page after page ('Load More' in its tab). */
export function useSearchGroup<G extends SearchGroup>(query: string, group: G) {
  const queryClient = useQueryClient();
  return usePagedList({
    queryKey: searchKeys.group(query, group),
    fetchPage: async (page): Promise<SearchResult[G]> =>
      (await queryClient.ensureQueryData(searchResponse(query, page)))[group],
  });
}

/** Runs the search for `query` again from its first page, as submitting it anew asks. */
export function useSearchAgain() {
  const queryClient = useQueryClient();
  return (query: string) => queryClient.resetQueries({ queryKey: searchKeys.query(query) });
}
