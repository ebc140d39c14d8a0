import { z } from 'zod';
import { isoDateTime, pathId, text } from './common.js';
import { SUSPENSION_LIMITS, SUSPENSION_MESSAGES } from './suspension-constants.js';

/** `/api/moderation/users/{userId}/…`. */
export const suspensionParams = z.object({
  userId: pathId({ invalid: SUSPENSION_MESSAGES.invalidUserId, notFound: SUSPENSION_MESSAGES.userNotFound }),
});

/** `POST /api/moderation/users/{userId}/suspend`: why, for the log and the account's row. */
export const suspendBody = z.object({
  reason: text({ error: SUSPENSION_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: SUSPENSION_MESSAGES.reasonRequired })
    .max(SUSPENSION_LIMITS.reasonMax, { error: SUSPENSION_MESSAGES.reasonTooLong }),
});
export type SuspendBody = z.infer<typeof suspendBody>;

/** The account's state after a suspend or unsuspend, and what to tell the moderator. */
export const suspensionState = z.object({
  userId: z.number().int(),
  /** null once unsuspended. */
  suspendedAt: isoDateTime.nullable(),
  message: z.string(),
});
export type SuspensionState = z.infer<typeof suspensionState>;
