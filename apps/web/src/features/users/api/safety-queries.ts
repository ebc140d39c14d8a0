import type { UserProfile } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list';
import { profileKey } from './queries';
import { fetchPrivacy, fetchRestricted, type Restriction, savePrivacy, setRestricted } from './safety-api';

const privacyKey = ['users', 'me', 'privacy'] as const;
const restrictedKey = (kind: Restriction) => ['users', 'me', kind] as const;

export function usePrivacy() {
  return useQuery({ queryKey: privacyKey, queryFn: ({ signal }) => fetchPrivacy(signal) });
}

export function useSavePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrivacy,
    onSuccess: (settings) => queryClient.setQueryData(privacyKey, settings),
  });
}

export function useRestrictedList(kind: Restriction) {
  return usePagedList({
    queryKey: restrictedKey(kind),
    fetchPage: (page, signal) => fetchRestricted(kind, page, signal),
  });
}

/**
 * Blocks, unblocks, mutes or unmutes. What the viewer sees changes across the app (feeds, profiles,
 * notifications, follower counts after a block), so every cached response is fetched again.
 */
export function useSetRestricted(userId: number, kind: Restriction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => setRestricted(userId, kind, on),
    onSuccess: (_response, on) => {
      queryClient.setQueryData<UserProfile>(
        profileKey(userId),
        (profile) => profile && { ...profile, ...(kind === 'block' ? { isBlocked: on } : { isMuted: on }) },
      );
      return queryClient.invalidateQueries();
    },
  });
}
