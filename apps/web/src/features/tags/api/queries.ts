import type { TagSummary } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list';
import { fetchTag, fetchTaggedPlans, fetchTaggedPosts, setTagFollowed } from './tags-api';

export const tagKeys = {
  summary: (tag: string) => ['tags', 'summary', tag] as const,
  posts: (tag: string) => ['tags', 'posts', tag] as const,
  plans: (tag: string) => ['tags', 'plans', tag] as const,
};

export const useTag = (tag: string) =>
  useQuery({ queryKey: tagKeys.summary(tag), queryFn: ({ signal }) => fetchTag(tag, signal) });

export const useTaggedPosts = (tag: string) =>
  usePagedList({
    queryKey: tagKeys.posts(tag),
    fetchPage: (page, signal) => fetchTaggedPosts(tag, page, signal),
  });

export const useTaggedPlans = (tag: string) =>
  usePagedList({
    queryKey: tagKeys.plans(tag),
    fetchPage: (page, signal) => fetchTaggedPlans(tag, page, signal),
  });

/** Follows or unfollows; the summary shows the server's answer, and the Following tab loads anew. */
export function useFollowTag(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) => setTagFollowed(tag, following),
    onSuccess: ({ following }) => {
      queryClient.setQueryData<TagSummary>(tagKeys.summary(tag), (summary) =>
        summary ? { ...summary, following } : summary,
      );
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}
