import { useQuery } from '@tanstack/react-query';
import { fetchExplore } from './explore-api';

/**
 * The Explore page's sections; the server ranks them at most once a minute, so one read per visit is
 * enough.
 */
export function useExplore() {
  return useQuery({ queryKey: ['explore'], queryFn: ({ signal }) => fetchExplore(signal) });
}
