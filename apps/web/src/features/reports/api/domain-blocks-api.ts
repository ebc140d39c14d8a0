import type {
  DomainBlock,
  DomainBlockInput,
  DomainBlockResult,
  Page,
  RemoteFollowerServers,
} from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery, usePagedList } from '../../../lib/paged-list';

const domainBlockKeys = { all: ['moderation', 'domain-blocks'] as const };

export function useDomainBlocks() {
  return usePagedList<Page<DomainBlock>>({
    queryKey: domainBlockKeys.all,
    fetchPage: (page, signal) => apiRequest(`/api/moderation/domain-blocks?${pageQuery(page)}`, { signal }),
    restartOnReturn: true,
  });
}

/** Blocks a domain; the list changes (and the moderation log with it). */
export function useBlockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DomainBlockInput) =>
      apiRequest<DomainBlockResult>('/api/moderation/domain-blocks', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

export function useUnblockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      apiRequest<void>(`/api/moderation/domain-blocks/${encodeURIComponent(domain)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

/** The servers a person's remote followers are on, with how many each (what a domain block would remove). */
export function useRemoteFollowerServers(userId: number) {
  return useQuery({
    queryKey: [...domainBlockKeys.all, 'followers-of', userId],
    queryFn: ({ signal }) =>
      apiRequest<RemoteFollowerServers>(`/api/moderation/users/${userId}/remote-followers`, { signal }),
  });
}
