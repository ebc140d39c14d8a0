import type { ContentModeration } from '@pathwise/contract';

/**
 * The `moderation` field of a post, comment or plan response: only on one a moderator hid (which only
 * its author is answered), spread into the response so other answers keep their shape.
 */
export function moderationOf(row: { hiddenAt: Date | string | null; hiddenReason: string | null }): {
  moderation?: ContentModeration;
} {
  if (row.hiddenAt === null) return {};
  return { moderation: { hiddenAt: new Date(row.hiddenAt).toISOString(), reason: row.hiddenReason ?? '' } };
}
