import { ACTIVITY_FEEDS, type Activity, type ActivityFeed, type Page } from '@pathwise/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The first page of one of a user's feeds (10, 5 and 10 items). */
export function fetchActivityFeed(
  userId: number,
  feed: ActivityFeed,
  signal?: AbortSignal,
): Promise<Page<Activity>> {
  const { path, size } = ACTIVITY_FEEDS[feed];
  return apiRequest(`/api/users/${userId}/${path}?page=0&size=${size}`, { signal });
}

export function useActivityFeed(userId: number, feed: ActivityFeed) {
  return useQuery({
    queryKey: ['activity', userId, feed],
    queryFn: ({ signal }) => fetchActivityFeed(userId, feed, signal),
  });
}
