import type { RemoteAccount, RemoteFollowState } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteRemotePostReply,
  editRemotePostReply,
  fetchRemoteAccount,
  followRemote,
  likeRemotePost,
  replyToRemotePost,
  restrictRemote,
  unfollowRemote,
} from './federation-api';

/** How often a pending follow asks whether their server answered: Mastodon usually does in a second. */
export const PENDING_POLL_MS = 3_000;

const accountKey = (id: number) => ['federation', 'account', id] as const;

/**
 * `account` (found by search) as the viewer sees it now: the search just answered it, so only a pending
 * follow is worth asking about again.
 */
function useRemoteAccount(account: RemoteAccount) {
  return useQuery({
    queryKey: accountKey(account.id),
    queryFn: ({ signal }) => fetchRemoteAccount(account.id, signal),
    initialData: account,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data?.followState === 'PENDING' ? PENDING_POLL_MS : false),
  });
}

/**
 * Whether the viewer follows `account` (found by search), asked again while their server has not
 * answered a follow, and the Follow / Unfollow that changes it.
 */
export function useRemoteFollow(account: RemoteAccount) {
  const queryClient = useQueryClient();
  const key = accountKey(account.id);
  const state = useRemoteAccount(account);
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

/**
 * Whether the viewer blocked or muted `account`, and the buttons' change of it: the answer replaces the
 * account the Follow button reads too (a block ends the follow). Comments and notifications are read
 * again, as a block hides their comments.
 */
export function useRemoteRestriction(account: RemoteAccount) {
  const queryClient = useQueryClient();
  const key = accountKey(account.id);
  const state = useRemoteAccount(account);
  const change = useMutation({
    mutationFn: ({ what, on }: { what: 'block' | 'mute'; on: boolean }) =>
      restrictRemote(account.id, what, on),
    onSuccess: (changed) => {
      queryClient.setQueryData(key, changed);
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'federation' });
    },
  });
  return { account: state.data, change };
}

/** Like or unlike (`on`) post `id` from elsewhere; answers its like state here. */
export function useRemotePostLike(id: number) {
  return useMutation({ mutationFn: (on: boolean) => likeRemotePost(id, on) });
}

/** Reply to post `id` from elsewhere; answers the reply kept here. */
export function useRemotePostReply(id: number) {
  return useMutation({ mutationFn: (content: string) => replyToRemotePost(id, content) });
}

/** Edit or delete the viewer's reply `replyId` to post `id` from elsewhere. */
export function useRemotePostReplyChanges(id: number, replyId: number) {
  return {
    edit: useMutation({ mutationFn: (content: string) => editRemotePostReply(id, replyId, content) }),
    remove: useMutation({ mutationFn: () => deleteRemotePostReply(id, replyId) }),
  };
}
