import type { RemoteAccount, RemoteFollowState } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchRemoteAccount, followRemote, unfollowRemote } from './federation-api';

/** How often a pending follow asks whether their server answered: Mastodon usually does in a second. */
export const PENDING_POLL_MS = 3_000;

const accountKey = (id: number) => ['federation', 'account', id] as const;

/**
 * Whether the viewer follows `account` (found by search), asked again while their server has not
 * answered a follow, and the Follow / Unfollow that changes it.
 */
export function useRemoteFollow(account: RemoteAccount) {
  const queryClient = useQueryClient();
  const key = accountKey(account.id);
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchRemoteAccount(account.id, signal),
    initialData: account,
    // The search just answered it: only a pending follow is worth asking about again.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data?.followState === 'PENDING' ? PENDING_POLL_MS : false),
  });
  const setState = (followState: RemoteFollowState | null) =>
    queryClient.setQueryData<RemoteAccount>(key, (current) => current && { ...current, followState });
  const toggle = useMutation({
    mutationFn: async (follow: boolean) => {
      if (!follow) {
        await unfollowRemote(account.id);
        return null;
      }
      return (await followRemote(account.url)).account.followState;
    },
    onSuccess: setState,
  });
  return { followState: state.data.followState, toggle };
}
