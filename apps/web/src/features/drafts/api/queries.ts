import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list';
import { deleteDraft, fetchDraft, fetchDrafts, fetchPlanDraft } from './drafts-api';

export const draftKeys = {
  all: ['drafts'] as const,
  list: ['drafts', 'list'] as const,
  one: (id: number) => ['drafts', 'one', id] as const,
  ofPlan: (planId: number) => ['drafts', 'plan', planId] as const,
};

/** The Drafts page: read afresh on every visit, since another device may have saved one meanwhile. */
export function useDrafts() {
  return usePagedList({
    queryKey: draftKeys.list,
    fetchPage: (page, signal) => fetchDrafts(page, signal),
    restartOnReturn: true,
  });
}

/** The draft an editor restores; never kept, so a reload reads what was saved last. */
export function useDraft(id: number | null) {
  return useQuery({
    queryKey: draftKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchDraft(id ?? 0, signal),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

/** The draft of changes to a plan its editor restores (null when none); never kept, as `useDraft`. */
export function usePlanDraft(planId: number | null) {
  return useQuery({
    queryKey: draftKeys.ofPlan(planId ?? 0),
    queryFn: ({ signal }) => fetchPlanDraft(planId ?? 0, signal),
    enabled: planId !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftKeys.list }),
  });
}
