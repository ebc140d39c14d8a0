import type { CloseReportBody, ModerationAction, ModerationReport, Page } from '@pathwise/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery, usePagedList } from '../../../lib/paged-list';

export type QueueStatus = 'open' | 'closed';

const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: QueueStatus) => ['moderation', 'reports', status] as const,
  actions: ['moderation', 'actions'] as const,
};

export function useReports(status: QueueStatus) {
  return usePagedList<Page<ModerationReport>>({
    queryKey: moderationKeys.reports(status),
    fetchPage: (page, signal) =>
      apiRequest(`/api/moderation/reports?status=${status}&${pageQuery(page)}`, { signal }),
    restartOnReturn: true,
  });
}

export function useModerationLog() {
  return usePagedList<Page<ModerationAction>>({
    queryKey: moderationKeys.actions,
    fetchPage: (page, signal) => apiRequest(`/api/moderation/actions?${pageQuery(page)}`, { signal }),
    restartOnReturn: true,
  });
}

/** Closes a report; the queue, the closed list and the log all change. */
export function useCloseReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, ...body }: CloseReportBody & { reportId: number }) =>
      apiRequest<void>(`/api/moderation/reports/${reportId}/close`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
