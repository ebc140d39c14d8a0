import type { Explore } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';

export function fetchExplore(signal?: AbortSignal): Promise<Explore> {
  return apiRequest('/api/explore', { signal });
}
