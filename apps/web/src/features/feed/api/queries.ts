import type { FollowSuggestion } from '@pathwise/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePagedList } from '../../../lib/paged-list';
import { fetchFollowingPage, fetchPlansInProgress, fetchSuggestions } from './feed-api';

/** The Following tab: a new `refreshKey` (the home page's) loads it again from page 0. */
export function useFollowingFeed(refreshKey: string) {
  return usePagedList({
    queryKey: ['feed', 'following', refreshKey],
    fetchPage: (page, signal) => fetchFollowingPage(page, signal),
    restartOnReturn: true,
  });
}

/** A suggestion as shown: whether the viewer followed them since is the page's to remember. */
export type ShownSuggestion = FollowSuggestion & { following?: boolean };

const SUGGESTIONS_KEY = ['feed', 'suggestions'] as const;

/**
 * People to follow, shared by the Following tab and the side column. Kept while the page is open,
 * so someone just followed stays in the list with an Unfollow button instead of vanishing.
 */
export function useSuggestions() {
  const queryClient = useQueryClient();
  const query = useQuery<ShownSuggestion[]>({
    queryKey: SUGGESTIONS_KEY,
    queryFn: ({ signal }) => fetchSuggestions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const setFollowing = useCallback(
    (userId: number, following: boolean) =>
      queryClient.setQueryData<ShownSuggestion[]>(SUGGESTIONS_KEY, (people) =>
        people?.map((person) => (person.id === userId ? { ...person, following } : person)),
      ),
    [queryClient],
  );
  return { query, setFollowing };
}

export function usePlansInProgress() {
  return useQuery({
    queryKey: ['feed', 'plans-in-progress'],
    queryFn: ({ signal }) => fetchPlansInProgress(signal),
  });
}
