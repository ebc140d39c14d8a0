import { z } from 'zod';
import { isoDateTime, page, pathId } from './common.js';
import { learningPlan } from './plans.js';
import { POST_MESSAGES, post } from './posts.js';

/**
 * Saved items (docs/features.md, "Saved items"): bookmarks of posts and learning plans, seen by their saver
 * only.
 */
export const savedPostParams = z.object({
  id: pathId({ invalid: POST_MESSAGES.invalidPostId, notFound: POST_MESSAGES.postNotFound }),
});

/** What PUT and DELETE answer: whether the item is saved now (both are idempotent). */
export const saveResponse = z.object({ saved: z.boolean() });
export type SaveResponse = z.infer<typeof saveResponse>;

export const savedItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('POST'), savedAt: isoDateTime, post }),
  z.object({ type: z.literal('LEARNING_PLAN'), savedAt: isoDateTime, learningPlan }),
]);
export type SavedItem = z.infer<typeof savedItem>;

/** Newest save first. */
export const savedPage = page(savedItem);
export type SavedPage = z.infer<typeof savedPage>;
