import { EXPLORE_LIMITS, type Explore, type LearningPlanCard, type Post } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import type { Viewer } from '../../lib/viewer.js';
import type { PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import { type ExploreRanking, selectRanking, selectVisible } from './explore.queries.js';
import { createRankingCache } from './ranking-cache.js';

type ExploreDependencies = {
  db: Database;
  posts: Pick<PostsService, 'responsesFor'>;
  plans: Pick<PlansService, 'planCardsFor'>;
  /** How long a process keeps the shared rankings (EXPLORE_CACHE_SECONDS); 0 ranks on every request. */
  cacheSeconds: number;
};

const firstOf = (ranked: number[], visible: number[], count: number) => {
  const shown = new Set(visible);
  return ranked.filter((id) => shown.has(id)).slice(0, count);
};

export function createExploreService({ db, posts, plans, cacheSeconds }: ExploreDependencies) {
  const rankings = createRankingCache<ExploreRanking>(() => selectRanking(db), cacheSeconds * 1000);

  return {
    /**
     * The Explore page for `viewer`: the shared rankings (one statement, kept `cacheSeconds`), which of
     * them the viewer may see (one), the posts (one) and the plans as their cards show them (those of
     * both plan sections at once, two): a constant number of statements whatever the sections hold. The
     * popular tags come with the shared rankings as they are.
     */
    async page(viewer: Viewer): Promise<Explore> {
      const ranking = await rankings.get();
      const templateIds = ranking.popularTemplates.map((plan) => plan.id);
      const learnedIds = ranking.mostLearned.map((plan) => plan.id);
      const visible = await selectVisible(db, viewer.id, {
        posts: ranking.trendingPosts,
        plans: [...new Set([...templateIds, ...learnedIds])],
      });
      const postIds = firstOf(ranking.trendingPosts, visible.posts, EXPLORE_LIMITS.trendingPosts);
      const shownTemplates = firstOf(templateIds, visible.plans, EXPLORE_LIMITS.plans);
      const shownLearned = firstOf(learnedIds, visible.plans, EXPLORE_LIMITS.plans);
      const [trendingPosts, planResponses] = await Promise.all([
        posts.responsesFor(viewer, postIds),
        plans.planCardsFor(viewer, [...new Set([...shownTemplates, ...shownLearned])]),
      ]);
      const planById = new Map<number, LearningPlanCard>(planResponses.map((plan) => [plan.id, plan]));
      const withPlan = <Item extends { id: number }>(items: Item[], ids: number[]) =>
        ids.flatMap((id) => {
          const learningPlan = planById.get(id);
          const item = items.find((candidate) => candidate.id === id);
          return learningPlan && item ? [{ learningPlan, item }] : [];
        });
      return {
        trendingPosts: trendingPosts satisfies Post[],
        popularTemplates: withPlan(ranking.popularTemplates, shownTemplates).map(
          ({ learningPlan, item }) => ({
            learningPlan,
            recentUses: item.uses,
          }),
        ),
        mostLearned: withPlan(ranking.mostLearned, shownLearned).map(({ learningPlan, item }) => ({
          learningPlan,
          learners: item.learners,
        })),
        popularTags: ranking.popularTags,
      };
    },
  };
}
export type ExploreService = ReturnType<typeof createExploreService>;
