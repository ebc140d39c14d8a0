import type { FollowingFeedPage, FollowSuggestion, PlanInProgress } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

export function fetchFollowingPage(page: number, signal?: AbortSignal): Promise<FollowingFeedPage> {
  return apiRequest(`/api/feed/following?${pageQuery(page)}`, { signal });
}

export function fetchSuggestions(signal?: AbortSignal): Promise<FollowSuggestion[]> {
  return apiRequest('/api/feed/suggestions', { signal });
}

export function fetchPlansInProgress(signal?: AbortSignal): Promise<PlanInProgress[]> {
  return apiRequest('/api/feed/plans-in-progress', { signal });
}
