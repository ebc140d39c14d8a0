import { z } from 'zod';
import { learningPlanCard } from './plans.js';
import { post } from './posts.js';

/** A tag of "Popular tags", with how many posts and public plans used it lately. */
export const explorePopularTag = z.object({
  /** Stored without `#`; its page is `/tags/{name}`. */
  name: z.string(),
  /** Posts and plans a visitor may see that carry it, made in the last `EXPLORE_LIMITS.tagDays` days. */
  uses: z.number().int(),
});
export type ExplorePopularTag = z.infer<typeof explorePopularTag>;

/** A plan of "Most used as templates", with how many people copied it lately. */
export const explorePopularTemplate = z.object({
  learningPlan: learningPlanCard,
  /** People who made a copy of it in the last `EXPLORE_LIMITS.templateDays` days. */
  recentUses: z.number().int(),
});
export type ExplorePopularTemplate = z.infer<typeof explorePopularTemplate>;

/** A plan of "Most learned this month", with how many people made progress on it this month. */
export const exploreMostLearned = z.object({
  learningPlan: learningPlanCard,
  /** People who started or completed a topic or completed a resource of it since the month began (UTC). */
  learners: z.number().int(),
});
export type ExploreMostLearned = z.infer<typeof exploreMostLearned>;

/**
 * `GET /api/explore`: the ranked sections of the Explore page (its people to follow are the Following
 * tab's, `GET /api/feed/suggestions`). The rankings are the same for everyone; each item is what its
 * card shows (a post as the feed answers it, a plan as `learningPlanCard`), as the viewer may see it (what
 * they may not see is left out), with the viewer's own state.
 */
export const explore = z.object({
  /** The posts most liked, commented on and saved lately, time-decayed (docs/features.md, "Explore"). */
  trendingPosts: z.array(post),
  popularTemplates: z.array(explorePopularTemplate),
  mostLearned: z.array(exploreMostLearned),
  /** The tags most used lately on posts and public plans, most used first. */
  popularTags: z.array(explorePopularTag),
});
export type Explore = z.infer<typeof explore>;
