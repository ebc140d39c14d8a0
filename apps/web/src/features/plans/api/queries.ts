import type { LearningPlan, Page, TopicStatus } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mapPagedItems, type Pages, usePagedList } from '../../../lib/paged-list';
import {
  copyPlan,
  deletePlan,
  fetchPlan,
  fetchPublicPlans,
  fetchUserPlans,
  setResourceCompleted,
  setTopicStatus,
} from './plans-api';

export const planKeys = {
  all: ['plans'] as const,
  lists: ['plans', 'list'] as const,
  publicList: (refreshKey: string) => ['plans', 'list', 'public', refreshKey] as const,
  userList: (userId: number) => ['plans', 'list', 'user', userId] as const,
  detail: (planId: number) => ['plans', 'detail', planId] as const,
};

/** The Home feed's public plans; a new refresh key starts again from page 0. */
export function usePublicPlans(refreshKey: string) {
  return usePagedList({
    queryKey: planKeys.publicList(refreshKey),
    fetchPage: (page, signal) => fetchPublicPlans(page, refreshKey, signal),
    restartOnReturn: true,
  });
}

export function useUserPlans(userId: number) {
  return usePagedList({
    queryKey: planKeys.userList(userId),
    fetchPage: (page, signal) => fetchUserPlans(userId, page, signal),
    restartOnReturn: true,
  });
}

export function usePlan(planId: number) {
  return useQuery({ queryKey: planKeys.detail(planId), queryFn: ({ signal }) => fetchPlan(planId, signal) });
}

/** Deletes a plan; every list shown drops it at once. */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => deletePlan(planId),
    onSuccess: (_response, planId) => {
      queryClient.setQueriesData<Pages<Page<LearningPlan>>>(
        { queryKey: planKeys.lists },
        (data) => data && mapPagedItems(data, (plan) => (plan.id === planId ? null : plan)),
      );
      queryClient.removeQueries({ queryKey: planKeys.detail(planId) });
    },
  });
}

/**
 * Copies a plan the viewer can see into a private plan of theirs ("Use as template"): the copy is
 * cached for its page, the original's count and the viewer's plan lists are reloaded.
 */
export function useCopyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => copyPlan(planId),
    onSuccess: async (copy, planId) => {
      queryClient.setQueryData(planKeys.detail(copy.id), copy);
      await queryClient.invalidateQueries({ queryKey: planKeys.detail(planId), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: planKeys.lists, refetchType: 'none' });
    },
  });
}

export type ProgressChange =
  | { topicId: number; status: TopicStatus }
  | { topicId: number; resourceId: number; isCompleted: boolean };

/** Changes the viewer's own progress, then reloads the plan before the controls come back. */
export function useProgressChange(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProgressChange) =>
      'status' in change
        ? setTopicStatus(planId, change.topicId, change.status)
        : setResourceCompleted(planId, change.topicId, change.resourceId, change.isCompleted),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: planKeys.detail(planId) });
      // Cards elsewhere show this progress too.
      await queryClient.invalidateQueries({ queryKey: planKeys.lists, refetchType: 'none' });
    },
  });
}
