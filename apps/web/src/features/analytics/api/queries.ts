import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AnalyticsRange, fetchAnalytics } from './analytics-api';

export const analyticsKeys = {
  range: ({ startDate, endDate, timeZone }: AnalyticsRange) =>
    ['analytics', startDate, endDate, timeZone] as const,
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
