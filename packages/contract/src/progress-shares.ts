import { z } from 'zod';
import { CATEGORIES } from './constants.js';
import { TOPIC_STATUSES } from './plan-constants.js';
import { planParams } from './plans.js';
import { PROGRESS_SHARE_MESSAGES } from './progress-share-constants.js';
import { userHandleParams } from './users.js';

/** Sharing one's progress on a plan: the schemas (texts in progress-share-constants.ts). */

/** `GET`/`PUT /api/learning-plans/{planId}/progress-share`: whether the viewer shares their progress. */
export const progressShare = z.object({ shared: z.boolean() });
export type ProgressShare = z.infer<typeof progressShare>;

export const progressShareBody = z.object({
  shared: z.boolean({ error: PROGRESS_SHARE_MESSAGES.sharedRequired }),
});

/** `{planId}` and `{handle}` of the shared page's reads. */
export const sharedProgressParams = planParams.extend(userHandleParams.shape);

/**
 * `GET /api/learning-plans/{planId}/progress/{handle}`: the plan's topics coloured by the person's
 * statuses, their percentage and learning streak; nothing else of theirs (no resources, notes or dates).
 */
export const sharedProgress = z.object({
  plan: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    category: z.enum(CATEGORIES),
  }),
  person: z.object({
    id: z.number().int(),
    name: z.string(),
    handle: z.string(),
    profilePicture: z.string().nullable(),
  }),
  /** 100 × completed topics ÷ topics not skipped, to one decimal (as a plan's completionPercentage). */
  percentage: z.number(),
  completedTopics: z.number().int(),
  skippedTopics: z.number().int(),
  /** Consecutive days (UTC) with learning on public plans, ending today or yesterday; 0 without. */
  streakDays: z.number().int(),
  topics: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      status: z.enum(TOPIC_STATUSES),
      prerequisiteTopicIds: z.array(z.number().int()),
    }),
  ),
});
export type SharedProgress = z.infer<typeof sharedProgress>;
