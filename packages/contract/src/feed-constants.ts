/**
 * The home page's Following tab and side column (docs/features.md, "Following"): limits and texts, zod-free
 * for the first page.
 */
export const FEED_LIMITS = {
  /** People suggested at once, on the Following tab and in the side column. */
  suggestions: 5,
  /** Plans shown under "Plans in progress". */
  plansInProgress: 5,
  /**
   * Of each followed tag, the Following tab holds this many newest posts, as Mastodon's home timeline
   * holds its newest 800: the whole history of a popular tag would be read by every request.
   */
  taggedPostsPerTag: 200,
} as const;

export const FEED_MESSAGES = {
  followingFailed: 'Failed to load the posts and plans of the people you follow.',
  loadMoreFailed: 'Failed to load more from the people you follow',
  nothingYet: 'Nothing from the people you follow yet',
  nothingYetHint: 'Follow people to see their new posts and learning plans here, newest first.',
  suggestionsTitle: 'People to follow',
  noSuggestions: 'No one to suggest yet.',
  suggestionsFailed: 'Suggestions could not be loaded.',
  plansInProgressTitle: 'Plans in progress',
  noPlansInProgress: 'Plans you create or track show up here with your progress.',
  plansInProgressFailed: 'Your plans could not be loaded.',
} as const;
