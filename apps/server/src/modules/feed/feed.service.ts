import {
  type Category,
  FEED_LIMITS,
  type FollowingFeedItem,
  type FollowingFeedPage,
  type FollowSuggestion,
  type PageQuery,
  type PlanInProgress,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { Viewer } from '../../lib/viewer.js';
import { completionPercentage, type PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import { selectFollowingPage, selectPlansInProgress, selectSuggestions } from './feed.queries.js';

/** Posts and plans are answered by their own modules, as their lists answer them. */
type FeedDependencies = {
  db: Database;
  posts: Pick<PostsService, 'answersFor'>;
  plans: Pick<PlansService, 'plansFor'>;
};

export function createFeedService({ db, posts, plans }: FeedDependencies) {
  return {
    /** What the people the viewer follows made, newest first: three statements whatever the page holds. */
    async following(viewer: Viewer, pageQuery: PageQuery): Promise<FollowingFeedPage> {
      const { total, items } = await selectFollowingPage(db, viewer.id, pageWindow(pageQuery));
      const idsOf = (type: FollowingFeedItem['type']) =>
        items.filter((item) => item.type === type).map((item) => item.id);
      const [postAnswers, planAnswers] = await Promise.all([
        posts.answersFor(viewer, idsOf('POST')),
        plans.plansFor(viewer, idsOf('LEARNING_PLAN')),
      ]);
      const postById = new Map(postAnswers.map((post) => [post.id, post]));
      const planById = new Map(planAnswers.map((plan) => [plan.id, plan]));
      const content = items.flatMap((item): FollowingFeedItem[] => {
        const createdAt = new Date(item.createdAt).toISOString();
        const post = item.type === 'POST' ? postById.get(item.id) : undefined;
        if (post) return [{ type: 'POST', createdAt, post }];
        const learningPlan = item.type === 'LEARNING_PLAN' ? planById.get(item.id) : undefined;
        return learningPlan ? [{ type: 'LEARNING_PLAN', createdAt, learningPlan }] : [];
      });
      return toPage(content, total, pageQuery);
    },

    /** People to follow: one statement. */
    async suggestions(viewer: Viewer): Promise<FollowSuggestion[]> {
      const rows = await selectSuggestions(db, viewer.id, FEED_LIMITS.suggestions);
      return rows.map((row) => ({ ...row, profilePicture: viewer.mediaUrl(row.profilePicture) }));
    },

    /** The viewer's unfinished plans, most recently worked on first: one statement. */
    async plansInProgress(viewer: Viewer): Promise<PlanInProgress[]> {
      const rows = await selectPlansInProgress(db, viewer.id, FEED_LIMITS.plansInProgress);
      return rows.map((row) => ({
        ...row,
        category: row.category as Category,
        completionPercentage: completionPercentage(row.completedTopics, row.totalTopics),
      }));
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
