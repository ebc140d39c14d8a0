import { z } from 'zod';
import { isoDateTime, pathId, text } from './common.js';
import { HIDE_LIMITS, HIDE_MESSAGES } from './content-moderation-constants.js';
import { GROUP_MESSAGES } from './group-constants.js';
import { PLAN_MESSAGES } from './plan-constants.js';

/**
 * On a post, comment or plan a moderator hid: present only then, and only its author (or no one
 * else) gets such an item (docs/features.md, "Reports and moderation").
 */
export const contentModeration = z.object({ hiddenAt: isoDateTime, reason: z.string() });
export type ContentModeration = z.infer<typeof contentModeration>;

/** `POST /api/moderation/{posts|comments|plans}/{id}/hide`. */
export const hideBody = z.object({
  reason: text({ error: HIDE_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: HIDE_MESSAGES.reasonRequired })
    .max(HIDE_LIMITS.reasonMax, { error: HIDE_MESSAGES.reasonTooLong }),
});
export type HideBody = z.infer<typeof hideBody>;

/** The plan of `/api/moderation/plans/{id}/…` (plan routes elsewhere name it `planId`). */
export const moderatedPlanParams = z.object({
  id: pathId({ invalid: PLAN_MESSAGES.invalidPlanId, notFound: PLAN_MESSAGES.planNotFound }),
});

/** `POST /api/moderation/group-posts/{id}/remove`: the note goes to the log and the reports it resolves. */
export const removeGroupPostBody = z.object({
  note: text({ error: HIDE_MESSAGES.reasonTooLong })
    .trim()
    .max(HIDE_LIMITS.reasonMax, { error: HIDE_MESSAGES.reasonTooLong })
    .default(''),
});
export type RemoveGroupPostBody = z.input<typeof removeGroupPostBody>;

export const moderatedGroupPostParams = z.object({
  id: pathId({ invalid: GROUP_MESSAGES.invalidPostId, notFound: GROUP_MESSAGES.postNotFound }),
});
