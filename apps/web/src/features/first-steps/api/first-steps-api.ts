import type { FirstSteps, FirstStepsUpdate } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';

const URL = '/api/users/me/first-steps';

export function fetchFirstSteps(signal?: AbortSignal): Promise<FirstSteps> {
  return apiRequest(URL, { signal });
}

export function updateFirstSteps(body: FirstStepsUpdate): Promise<FirstSteps> {
  return apiRequest(URL, { method: 'PUT', body });
}
