import type { FirstSteps } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchFirstSteps, updateFirstSteps } from './first-steps-api';

const FIRST_STEPS_KEY = ['first-steps'] as const;

/** The signed-in person's first steps: read again each time the home page opens, so done steps tick off. */
export function useFirstSteps() {
  return useQuery({ queryKey: FIRST_STEPS_KEY, queryFn: ({ signal }) => fetchFirstSteps(signal) });
}

/** "Hide first steps": stored on the account, so it holds on every device. */
export function useDismissFirstSteps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => updateFirstSteps({ dismissed: true }),
    onSuccess: (steps) => queryClient.setQueryData<FirstSteps>(FIRST_STEPS_KEY, steps),
  });
}
