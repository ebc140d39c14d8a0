import type { FollowingFeedPageWithRemote, FollowSuggestion, PlanInProgress } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

/** With the posts of people followed on other servers (none unless the instance federates). */
export function fetchFollowingPage(page: number, signal?: AbortSignal): Promise<FollowingFeedPageWithRemote> {
  return apiRequest(`/api/feed/following?${pageQuery(page, { remote: 'true' })}`, { signal });
}

export function fetchSuggestions(signal?: AbortSignal): Promise<FollowSuggestion[]> {
  return apiRequest('/api/feed/suggestions', { signal });
}

export function fetchPlansInProgress(signal?: AbortSignal): Promise<PlanInProgress[]> {
  return apiRequest('/api/feed/plans-in-progress', { signal });
}
