import type { Page, RemoteFollower, UserProfile } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { mapPagedItems, type Pages, usePagedList } from '../../../lib/paged-list';
import {
  type FollowDirection,
  fetchFollowPage,
  fetchFollowStatus,
  fetchProfile,
  fetchProfileByHandle,
  fetchRemoteFollowerPage,
  removeRemoteFollower,
  setFollowing,
} from './users-api';

export const profileKey = (userId: number) => ['users', userId, 'profile'] as const;

export function useProfile(userId: number) {
  return useQuery({ queryKey: profileKey(userId), queryFn: ({ signal }) => fetchProfile(userId, signal) });
}

/** The profile of `/@handle`; once found, it is also kept as that user's profile by id. */
export function useProfileByHandle(handle: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['users', 'by-handle', handle.toLowerCase()],
    queryFn: async ({ signal }) => {
      const profile = await fetchProfileByHandle(handle, signal);
      queryClient.setQueryData(profileKey(profile.id), profile);
      return profile;
    },
  });
}

/** Changes the cached profile in place, e.g. after a follow or a deleted post. */
export function usePatchProfile(userId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (patch: (profile: UserProfile) => Partial<UserProfile>) =>
      queryClient.setQueryData<UserProfile>(profileKey(userId), (profile) =>
        profile ? { ...profile, ...patch(profile) } : profile,
      ),
    [queryClient, userId],
  );
}

const nudge = (count: number, delta: number) => Math.max(0, count + delta);

/**
 * Following is optimistic. The button flips and the follower count moves by one at once (and
 * the signed-in user's own following count with it), then the server is called and the follow
 * status checked again. When the check disagrees with the flip, both counts are put back.
 * `onFollowing` hears each state the button should show, for a button that is not on the profile
 * (a suggestion): the flip at once, then what the server says.
 */
export function useFollowToggle(
  profile: Pick<UserProfile, 'id'>,
  onFollowing?: (following: boolean) => void,
) {
  const queryClient = useQueryClient();
  const { user, updateUser } = useAuth();
  const patchProfile = usePatchProfile(profile.id);

  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(profile.id, follow),
    onMutate: (follow) => {
      onFollowing?.(follow);
      const delta = follow ? 1 : -1;
      patchProfile((current) => ({
        isCurrentUserFollowing: follow,
        followersCount: nudge(current.followersCount, delta),
      }));
      const followingBefore = user?.followingCount ?? 0;
      updateUser({ followingCount: nudge(followingBefore, delta) });
      return { followingBefore };
    },
    onSuccess: ({ followersCount }) => patchProfile(() => ({ followersCount })),
    onSettled: async (_result, error, follow, context) => {
      const status = await fetchFollowStatus(profile.id).catch(() => null);
      if (status) patchProfile(() => ({ isCurrentUserFollowing: status.isFollowing }));
      // Without a response to the check, the call's own outcome says whether the flip stands.
      const flipStands = status ? status.isFollowing === follow : !error;
      onFollowing?.(flipStands ? follow : !follow);
      if (flipStands) return;
      if (context) updateUser({ followingCount: context.followingBefore });
      // The optimistic follower count is off: the server has the exact one.
      await queryClient.invalidateQueries({ queryKey: profileKey(profile.id) });
    },
  });
}

export function useFollowList(userId: number, direction: FollowDirection) {
  return usePagedList({
    queryKey: ['users', userId, direction],
    fetchPage: (page, signal) => fetchFollowPage(userId, direction, page, signal),
    restartOnReturn: true,
  });
}

const remoteFollowersKey = (userId: number) => ['users', userId, 'followers', 'remote'] as const;

export function useRemoteFollowers(userId: number) {
  return usePagedList({
    queryKey: remoteFollowersKey(userId),
    fetchPage: (page, signal) => fetchRemoteFollowerPage(userId, page, signal),
    restartOnReturn: true,
  });
}

/**
 * Removes one of the signed-in person's (`userId`) followers elsewhere: gone from the loaded pages at
 * once, and the count with it; the pages are then read again, as the later ones moved up by one.
 */
export function useRemoveRemoteFollower(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follower: RemoteFollower) => removeRemoteFollower(follower.id),
    onSuccess: (_nothing, removed) => {
      queryClient.setQueryData<Pages<Page<RemoteFollower>>>(remoteFollowersKey(userId), (pages) => {
        if (!pages) return pages;
        const left = mapPagedItems(pages, (follower) => (follower.id === removed.id ? null : follower));
        return {
          ...left,
          pages: left.pages.map((page) => ({ ...page, totalElements: Math.max(0, page.totalElements - 1) })),
        };
      });
      void queryClient.invalidateQueries({ queryKey: remoteFollowersKey(userId) });
    },
  });
}
