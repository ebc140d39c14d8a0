/**
 * The home page's first steps for newcomers (docs/features.md, "First steps"): rules and texts, zod-free
 * for the first page.
 */
export const FIRST_STEPS_LIMITS = {
  /** People to follow before "Follow three people" is done. */
  peopleToFollow: 3,
  /** For how many days after sign-up an account that has not finished its first steps counts as new. */
  newcomerDays: 14,
} as const;

/** The four steps, in the order the checklist shows them. */
export const FIRST_STEP_KEYS = ['profile', 'follow', 'plan', 'post'] as const;
export type FirstStepKey = (typeof FIRST_STEP_KEYS)[number];
