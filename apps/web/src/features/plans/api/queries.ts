import type { LearningPlan, Page, TopicStatus } from '@pathwise/contract';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
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

type PlanPages = InfiniteData<Page<LearningPlan>>;

const pagedList = {
  initialPageParam: 0,
  getNextPageParam: (page: Page<LearningPlan>) => (page.last ? undefined : page.number + 1),
  // Spec §4: coming back to a list (another tab, another visit) starts it again from page 0.
  gcTime: 0,
};

/** The Home feed's public plans; a new refresh key starts again from page 0. */
export function usePublicPlans(refreshKey: string) {
  return useInfiniteQuery({
    queryKey: planKeys.publicList(refreshKey),
    queryFn: ({ pageParam, signal }) => fetchPublicPlans(pageParam, refreshKey, signal),
    ...pagedList,
  });
}

export function useUserPlans(userId: number) {
  return useInfiniteQuery({
    queryKey: planKeys.userList(userId),
    queryFn: ({ pageParam, signal }) => fetchUserPlans(userId, pageParam, signal),
    ...pagedList,
  });
}

export function usePlan(planId: number) {
  return useQuery({ queryKey: planKeys.detail(planId), queryFn: ({ signal }) => fetchPlan(planId, signal) });
}

/** Deletes a plan; every list shown drops it at once (spec §4 "Delete plan"). */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => deletePlan(planId),
    onSuccess: (_answer, planId) => {
      queryClient.setQueriesData<PlanPages>({ queryKey: planKeys.lists }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                content: page.content.filter((plan) => plan.id !== planId),
              })),
            }
          : data,
      );
      queryClient.removeQueries({ queryKey: planKeys.detail(planId) });
    },
  });
}

export type ProgressChange =
  | { topicId: number; status: TopicStatus }
  | { topicId: number; resourceId: number; isCompleted: boolean };

/** Changes the viewer's own progress, then reloads the plan (spec §4) before the controls come back. */
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
