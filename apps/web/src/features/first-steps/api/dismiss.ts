import type { FirstSteps } from '@pathwise/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateFirstSteps } from './first-steps-api';
import { FIRST_STEPS_KEY } from './queries';

/** "Hide first steps": stored on the account, so it holds on every device. Loaded with the checklist only. */
export function useDismissFirstSteps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => updateFirstSteps({ dismissed: true }),
    onSuccess: (steps) => queryClient.setQueryData<FirstSteps>(FIRST_STEPS_KEY, steps),
  });
}
