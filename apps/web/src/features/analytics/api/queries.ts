import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AnalyticsRange, fetchAnalytics, fetchLearningCalendar } from './analytics-api';

export const analyticsKeys = {
  range: ({ startDate, endDate, timeZone }: AnalyticsRange) =>
    ['analytics', startDate, endDate, timeZone] as const,
  calendar: (userId: number, timeZone: string) => ['learning-calendar', userId, timeZone] as const,
};

/**
 * The dashboard's figures for a range; while another range loads, the previous figures stay on
 * screen. `enabled` is false while the chosen range cannot be asked for.
 */
export function useAnalytics(range: AnalyticsRange, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.range(range),
    queryFn: ({ signal }) => fetchAnalytics(range, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A person's learning calendar, its days read in the reader's time zone. */
export function useLearningCalendar(userId: number, timeZone: string) {
  return useQuery({
    queryKey: analyticsKeys.calendar(userId, timeZone),
    queryFn: ({ signal }) => fetchLearningCalendar(userId, timeZone, signal),
  });
}
