/**
 * The first steps' texts, zod-free and apart from their limits: only the checklist, loaded for newcomers,
 * needs them, while the home page's first paint needs the limits (docs/testing.md, "Budgets").
 */
export const FIRST_STEPS_MESSAGES = {
  title: 'Your first steps',
  intro: 'A few things that make Pathwise yours. Each one ticks itself off once done.',
  steps: {
    profile: 'Complete your profile: add a bio or a picture',
    follow: 'Follow three people',
    plan: 'Start a learning plan',
    post: 'Write your first post',
  },
  done: 'Done',
  notDone: 'Not done yet',
  dismiss: 'Hide first steps',
  dismissFailed: 'Could not hide your first steps. Please try again.',
  loadFailed: 'Your first steps could not be loaded.',
  loading: 'Loading your first steps...',
} as const;
