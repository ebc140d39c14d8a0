import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list';
import {
  type BoardOrder,
  fetchBoard,
  fetchGroup,
  fetchGroupActivity,
  fetchGroupPosts,
  fetchMyGroups,
  fetchRemovals,
  fetchUserGroups,
} from './groups-api';

export const groupKeys = {
  all: ['groups'] as const,
  mine: ['groups', 'mine'] as const,
  one: (id: number) => ['groups', id] as const,
  board: (id: number, page: number, order: BoardOrder) =>
    ['groups', id, 'board', order.sort, order.direction, page] as const,
  removals: (id: number) => ['groups', id, 'removals'] as const,
  posts: (id: number) => ['groups', id, 'posts'] as const,
  activity: (id: number) => ['groups', id, 'activity'] as const,
  ofUser: (userId: number) => ['groups', 'user', userId] as const,
};

export function useGroup(id: number, invite: string | null) {
  return useQuery({ queryKey: groupKeys.one(id), queryFn: ({ signal }) => fetchGroup(id, invite, signal) });
}

/**
 * One page of the board at a time, in `order`; the previous page (or order) stays shown while the next
 * one loads.
 */
export function useBoard(id: number, page: number, order: BoardOrder) {
  return useQuery({
    queryKey: groupKeys.board(id, page, order),
    queryFn: ({ signal }) => fetchBoard(id, page, order, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyGroups() {
  return usePagedList({
    queryKey: groupKeys.mine,
    fetchPage: (page, signal) => fetchMyGroups(page, signal),
    restartOnReturn: true,
  });
}

/** A change to a group: the group, its board and "My groups" are read again once it is done. */
export function useGroupChange<T, V>(change: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}

/** The group's discussion, page by page with Load More. */
export function useGroupPosts(id: number) {
  return usePagedList({
    queryKey: groupKeys.posts(id),
    fetchPage: (page, signal) => fetchGroupPosts(id, page, signal),
  });
}

/** The people the organisers removed, most recently first, page by page with Load More (organisers). */
export function useGroupRemovals(id: number) {
  return usePagedList({
    queryKey: groupKeys.removals(id),
    fetchPage: (page, signal) => fetchRemovals(id, page, signal),
  });
}

/** The topics the group's members finished, newest first, page by page with Load More. */
export function useGroupActivity(id: number) {
  return usePagedList({
    queryKey: groupKeys.activity(id),
    fetchPage: (page, signal) => fetchGroupActivity(id, page, signal),
  });
}

/** A person's groups for their profile: the ones the viewer may see. */
export function useUserGroups(userId: number) {
  return usePagedList({
    queryKey: groupKeys.ofUser(userId),
    fetchPage: (page, signal) => fetchUserGroups(userId, page, signal),
  });
}
