import type { ProgressShare } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Sharing one's progress on a plan: loaded with the plan page. */

const shareKey = (planId: number) => ['plans', 'progress-share', planId] as const;

export function useProgressShare(planId: number) {
  return useQuery({
    queryKey: shareKey(planId),
    queryFn: ({ signal }) =>
      apiRequest<ProgressShare>(`/api/learning-plans/${planId}/progress-share`, { signal }),
  });
}

export function useSetProgressShare(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shared: boolean) =>
      apiRequest<ProgressShare>(`/api/learning-plans/${planId}/progress-share`, {
        method: 'PUT',
        body: { shared },
      }),
    onSuccess: (state) => client.setQueryData(shareKey(planId), state),
  });
}
