import { EXPLORE_LIMITS, type Explore, type LearningPlanCard, type Post } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import type { SharedPages } from '../../db/shared-pages.js';
import { VISITOR_ID } from '../../db/user-privacy.js';
import type { Viewer } from '../../lib/viewer.js';
import type { KeptCards, PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import {
  type ExploreRanking,
  type KeptSections,
  prepareViewerState,
  selectRanking,
  selectVisible,
} from './explore.queries.js';
import { createRankingCache } from './ranking-cache.js';

type ExploreDependencies = {
  db: Database;
  posts: Pick<PostsService, 'responsesFor' | 'visitorPosts' | 'responsesWithState' | 'countsFor'>;
  plans: Pick<PlansService, 'planCardsFor' | 'visitorCards' | 'cardsWithState'>;
  /** Where Explore's sections are kept built as a visitor sees them (PAGE_CACHE). */
  pages: SharedPages;
  /** How long a process keeps the shared rankings (EXPLORE_CACHE_SECONDS); 0 ranks on every request. */
  cacheSeconds: number;
};

/** The ids each section shows: the first ranked ones the reader may see. */
type Sections = { postIds: number[]; templateIds: number[]; learnedIds: number[] };

/** Explore's sections built once from a ranking as a visitor sees them, for every viewer's requests. */
type KeptExplore = {
  sections: Sections;
  check: KeptSections;
  posts: Awaited<ReturnType<PostsService['visitorPosts']>>;
  cards: KeptCards;
};

const firstOf = (ranked: number[], visible: Set<number>, count: number) =>
  ranked.filter((id) => visible.has(id)).slice(0, count);

/**
 * The ranked ids a reader was not shown that rank above the last one shown (all of them when fewer
 * than `count` were shown): a viewer who may see one of them would be answered another section.
 */
function skippedOf(ranked: number[], shown: number[], count: number) {
  const end = shown.length < count ? ranked.length : ranked.indexOf(shown.at(-1)!) + 1;
  const kept = new Set(shown);
  return ranked.slice(0, end).filter((id) => !kept.has(id));
}

const planIdsOf = ({ templateIds, learnedIds }: Sections) => [...new Set([...templateIds, ...learnedIds])];

export function createExploreService({ db, posts, plans, pages, cacheSeconds }: ExploreDependencies) {
  const rankings = createRankingCache<ExploreRanking>(() => selectRanking(db), cacheSeconds * 1000);
  const viewerState = prepareViewerState(db);
  // Sections kept for a ranking that is made again on every request would never be read twice.
  const keeping = pages.enabled && cacheSeconds > 0;

  const ranked = (ranking: ExploreRanking) => ({
    posts: ranking.trendingPosts,
    templates: ranking.popularTemplates.map((plan) => plan.id),
    learned: ranking.mostLearned.map((plan) => plan.id),
  });

  /** Which ranked posts and plans `viewerId` may see (one statement), and so what each section shows. */
  async function sectionsFor(viewerId: number, ranking: ExploreRanking) {
    const ids = ranked(ranking);
    const visible = await selectVisible(db, viewerId, {
      posts: ids.posts,
      plans: [...new Set([...ids.templates, ...ids.learned])],
    });
    const [visiblePosts, visiblePlans] = [new Set(visible.posts), new Set(visible.plans)];
    return {
      postIds: firstOf(ids.posts, visiblePosts, EXPLORE_LIMITS.trendingPosts),
      templateIds: firstOf(ids.templates, visiblePlans, EXPLORE_LIMITS.plans),
      learnedIds: firstOf(ids.learned, visiblePlans, EXPLORE_LIMITS.plans),
    };
  }

  /** The page from the sections' posts and plan cards, with the ranking's figures. */
  function answer(ranking: ExploreRanking, sections: Sections, trending: Post[], cards: LearningPlanCard[]) {
    const planById = new Map<number, LearningPlanCard>(cards.map((plan) => [plan.id, plan]));
    const withPlan = <Item extends { id: number }>(items: Item[], ids: number[]) =>
      ids.flatMap((id) => {
        const learningPlan = planById.get(id);
        const item = items.find((candidate) => candidate.id === id);
        return learningPlan && item ? [{ learningPlan, item }] : [];
      });
    return {
      trendingPosts: trending,
      popularTemplates: withPlan(ranking.popularTemplates, sections.templateIds).map(
        ({ learningPlan, item }) => ({ learningPlan, recentUses: item.uses }),
      ),
      mostLearned: withPlan(ranking.mostLearned, sections.learnedIds).map(({ learningPlan, item }) => ({
        learningPlan,
        learners: item.learners,
      })),
      popularTags: ranking.popularTags,
    } satisfies Explore;
  }

  /**
   * The page read for `viewer` alone: which ranked ids they may see (one statement), the posts (one)
   * and the plans as their cards show them (those of both plan sections at once, two).
   */
  async function fullRead(viewer: Viewer, ranking: ExploreRanking): Promise<Explore> {
    const sections = await sectionsFor(viewer.id, ranking);
    const [trending, cards] = await Promise.all([
      posts.responsesFor(viewer, sections.postIds),
      plans.planCardsFor(viewer, planIdsOf(sections)),
    ]);
    return answer(ranking, sections, trending, cards);
  }

  /** The sections as a visitor sees them, read once per ranking and kept until a change is heard. */
  async function visitorsSections(ranking: ExploreRanking): Promise<KeptExplore> {
    const sections = await sectionsFor(VISITOR_ID, ranking);
    const planIds = planIdsOf(sections);
    const [rows, cards] = await Promise.all([
      posts.visitorPosts(sections.postIds),
      plans.visitorCards(planIds),
    ]);
    const ids = ranked(ranking);
    const skippedPlans = [
      ...skippedOf(ids.templates, sections.templateIds, EXPLORE_LIMITS.plans),
      ...skippedOf(ids.learned, sections.learnedIds, EXPLORE_LIMITS.plans),
    ];
    const check = {
      postIds: sections.postIds,
      planIds,
      topicIds: cards.topicIds,
      originalIds: cards.originalIds,
      skippedPosts: skippedOf(ids.posts, sections.postIds, EXPLORE_LIMITS.trendingPosts),
      skippedPlans: [...new Set(skippedPlans)],
    };
    return { sections, check, posts: rows, cards };
  }

  /**
   * The page from the sections kept for every viewer, with the viewer's own part and the posts' counts,
   * each kept until a change to them is heard (as the first pages of posts and plans are): once kept, a
   * read sends no statement. Null when the kept sections are not what the viewer may see (a post or plan
   * hidden, made private or deleted since, an author or creator blocked either way, muted or suspended, a
   * ranked post or plan of their own a visitor may not see, an original they see otherwise): the caller
   * reads it in full.
   */
  async function fromKept(viewer: Viewer, ranking: ExploreRanking): Promise<Explore | null> {
    const kept = await pages.get('explore', () => visitorsSections(ranking), ranking);
    const { check } = kept;
    const [state, counts] = await Promise.all([
      pages.viewerPart(
        kept,
        viewer.id,
        async () => (await viewerState.execute({ viewerId: viewer.id, ...check }))[0],
      ),
      pages.counts(kept, () => posts.countsFor(check.postIds)),
    ]);
    if (!state || state.seesMore) return null;
    if (state.shownPosts.length !== check.postIds.length || state.shownPlans.length !== check.planIds.length)
      return null;
    const cards = plans.cardsWithState(viewer, check.planIds, kept.cards, {
      shown: state.shownPlans,
      saved: state.savedPlans,
      topics: state.topics,
      originals: state.originals,
    });
    if (!cards) return null;
    const trending = posts.responsesWithState(viewer, kept.posts, {
      counts,
      liked: state.liked,
      saved: state.savedPosts,
    });
    return answer(ranking, kept.sections, trending, cards);
  }

  return {
    /**
     * The Explore page for `viewer`: the shared rankings (one statement, kept `cacheSeconds`), then, with
     * PAGE_CACHE, the sections kept as a visitor sees them and one statement of the viewer's own (the
     * full read when the kept sections do not fit the viewer), else the full read: a constant number of
     * statements whatever the sections hold. The popular tags come with the shared rankings as they are.
     */
    async page(viewer: Viewer): Promise<Explore> {
      const ranking = await rankings.get();
      const fromShared = keeping ? await fromKept(viewer, ranking) : null;
      return fromShared ?? fullRead(viewer, ranking);
    },
  };
}
export type ExploreService = ReturnType<typeof createExploreService>;
