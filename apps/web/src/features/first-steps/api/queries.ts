import { useQuery } from '@tanstack/react-query';
import { fetchFirstSteps } from './first-steps-api';

export const FIRST_STEPS_KEY = ['first-steps'] as const;

/** The signed-in person's first steps: read again each time the home page opens, so done steps tick off. */
/** The signed-in person's first steps; a visitor reading signed out has none to ask for. */
export function useFirstSteps(enabled = true) {
  return useQuery({ queryKey: FIRST_STEPS_KEY, queryFn: ({ signal }) => fetchFirstSteps(signal), enabled });
}
