/**
 * Shared progress on a plan (docs/features.md, "Sharing your progress"): the texts and paths that need no
 * zod, for the plan page, the shared page and the server's picture of it.
 */

/** The web page showing `handle`'s progress on plan `planId`. */
export const sharedProgressPath = (planId: number, handle: string) =>
  `/learning-plan/${planId}/progress/${handle}`;

/** The Open Graph picture of that page (PNG, 1200 × 630), an API read. */
export const sharedProgressImagePath = (planId: number, handle: string) =>
  `/api/learning-plans/${planId}/progress/${handle}/image.png`;

export const PROGRESS_SHARE_LIMITS = { imageWidth: 1200, imageHeight: 630 } as const;

export const PROGRESS_SHARE_MESSAGES = {
  notShared: 'Shared progress not found',
  sharedRequired: 'Send shared: true or false',
} as const;

export const PROGRESS_SHARE_TEXTS = {
  toggle: 'Share my progress',
  toggleHint: 'Anyone who can see this plan can open a page with your progress and learning streak.',
  privateHint: 'Make this plan public to share your progress on it.',
  saveFailed: 'Could not change sharing. Try again.',
  shareTitle: (title: string) => `My progress on ${title}`,
  pageTitle: (name: string, title: string) => `${name}’s progress on ${title}`,
  description: (name: string, percentage: number, streak: number) =>
    `${name} has completed ${percentage}% of this learning plan` +
    (streak > 0 ? ` and is on a ${streakText(streak)} learning streak.` : '.'),
  percentLabel: 'complete',
  streakLabel: 'learning streak',
  streak: (days: number) => streakText(days),
  topicsHeading: 'Topics',
  mapLabel: (name: string, title: string) => `Map of ${name}’s progress on the topics of ${title}`,
  openPlan: 'Open the learning plan',
  notFound: 'This progress is not shared, or you cannot see this plan.',
  loadFailed: 'Could not load this progress. Try again.',
  byline: (name: string, handle: string) => `${name} (@${handle})`,
} as const;

function streakText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}
