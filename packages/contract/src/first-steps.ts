import { z } from 'zod';
import type { FirstStepKey } from './first-steps-constants.js';

/** One flag per step of `FIRST_STEP_KEYS`, the checklist's order: true once done. */
const stepsDone = {
  profile: z.boolean(),
  follow: z.boolean(),
  plan: z.boolean(),
  post: z.boolean(),
} satisfies Record<FirstStepKey, z.ZodBoolean>;

/**
 * `GET /api/users/me/first-steps`: which of the newcomer's first steps are done, read from what the person
 * has (docs/features.md, "First steps").
 */
export const firstSteps = z.object({
  steps: z.object(stepsDone),
  /** How many people the person follows, for "1 of 3". */
  followingCount: z.number().int(),
  /** The person hid the checklist ("Hide first steps"), on any device. */
  dismissed: z.boolean(),
  /**
   * Greeted as new and shown the checklist: signed up less than `newcomerDays` ago, with steps still to do
   * and the checklist not hidden.
   */
  newcomer: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstSteps>;

/** `PUT /api/users/me/first-steps`: hide the checklist, or show it again. */
export const firstStepsUpdate = z.object({
  dismissed: z.boolean({ error: 'dismissed must be true or false' }),
});
export type FirstStepsUpdate = z.infer<typeof firstStepsUpdate>;
