import type { SharedProgress } from '@pathwise/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The shared progress page's read, apart from the plan page's hooks: it needs no mutation, and importing
 * one would split React Query's mutation code into a chunk of its own that the home page loads too.
 */
export function useSharedProgress(planId: number, handle: string) {
  return useQuery({
    queryKey: ['plans', 'shared-progress', planId, handle],
    queryFn: ({ signal }) =>
      apiRequest<SharedProgress>(`/api/learning-plans/${planId}/progress/${handle}`, { signal }),
    retry: false,
  });
}
