import type { Analytics, LearningCalendar } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';

/** Local calendar days, both included, read in the IANA time zone `timeZone`. */
export type AnalyticsRange = { startDate: string; endDate: string; timeZone: string };

export function fetchAnalytics({ startDate, endDate, timeZone }: AnalyticsRange, signal?: AbortSignal) {
  const query = new URLSearchParams({ startDate, endDate, tz: timeZone });
  return apiRequest<Analytics>(`/api/analytics?${query}`, { signal });
}

export function fetchLearningCalendar(userId: number, timeZone: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ timeZone });
  return apiRequest<LearningCalendar>(`/api/users/${userId}/learning-calendar?${query}`, { signal });
}
