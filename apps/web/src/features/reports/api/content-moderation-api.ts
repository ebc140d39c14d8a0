import type { HideableTargetType } from '@pathwise/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const PATHS: Record<HideableTargetType, string> = {
  POST: 'posts',
  COMMENT: 'comments',
  LEARNING_PLAN: 'plans',
};

export type HideTarget = { type: HideableTargetType; id: number };

/**
 * Hides (with a reason) or unhides a post, comment or plan. What it changes shows in every list of
 * posts, comments and plans, the queue and the log: `refresh` refetches every cached read, once
 * the moderator has read the response (the card it is on may leave the open queue then).
 */
export function useContentModeration() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const change = useMutation({
    mutationFn: ({ target, reason }: { target: HideTarget; reason: string | null }) =>
      apiRequest<void>(
        `/api/moderation/${PATHS[target.type]}/${target.id}/${reason === null ? 'unhide' : 'hide'}`,
        reason === null ? { method: 'POST' } : { method: 'POST', body: { reason } },
      ),
  });
  return { change, refresh };
}

/**
 * Removes a reported post of a study group's discussion (with its replies) and resolves its reports: the
 * queue, the log and the group's discussion all change, so every cached read is refetched.
 */
export function useRemoveGroupPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, note }: { postId: number; note: string }) =>
      apiRequest<void>(`/api/moderation/group-posts/${postId}/remove`, { method: 'POST', body: { note } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
