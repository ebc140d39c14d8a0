/**
 * The Explore page (docs/features.md, "Explore"): how its rankings are made, how much each section shows
 * and its texts, zod-free so the page's first paint does not download zod.
 */
export const EXPLORE_LIMITS = {
  /** Posts shown under "Trending posts". */
  trendingPosts: 10,
  /**
   * Plans shown in each plan section: a plan card, even without its resources, costs the response more
   * than a post (bench/RESULTS.md).
   */
  plans: 4,
  /**
   * Ranked ids kept per section, more than shown: what a viewer may not see (blocks, mutes) is left out of
   * the shared ranking for them and the next ones move up.
   */
  rankedPerSection: 30,
  /** How far back the likes, comments and saves of a trending post are counted. */
  trendingDays: 7,
  /** Every `trendingHalfLifeHours` a like, comment or save counts half as much. */
  trendingHalfLifeHours: 48,
  /** What one like, comment and save add to a post's trending score, before the decay. */
  trendingWeights: { like: 1, comment: 2, save: 3 },
  /** How far back the copies of a plan are counted for "Most used as templates". */
  templateDays: 30,
  /** How far back the posts and plans carrying a tag are counted for "Popular tags". */
  tagDays: 30,
  /** Tags shown under "Popular tags". */
  popularTags: 12,
} as const;

export const EXPLORE_MESSAGES = {
  title: 'Explore',
  intro: 'What people are learning right now: the posts, plans and people drawing attention this week.',
  loadFailed: 'Explore could not be loaded.',
  retry: 'Try again',
  trendingTitle: 'Trending posts',
  trendingHint: 'Most liked, commented on and saved in the last 7 days; recent activity counts more.',
  noTrending: 'No post has been liked, commented on or saved this week yet.',
  templatesTitle: 'Most used as templates',
  templatesHint: 'Plans people copied to start their own in the last 30 days.',
  noTemplates: 'No plan was used as a template in the last 30 days.',
  learnedTitle: 'Most learned this month',
  learnedHint: 'Plans the most people made progress on this month.',
  noLearned: 'No one has made progress on a public plan this month yet.',
  tagsTitle: 'Popular tags',
  tagsHint: 'Tags on the most posts and public plans of the last 30 days.',
  noTags: 'No post or public plan was tagged in the last 30 days.',
  peopleTitle: 'People to follow',
} as const;
