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
import { responseItems } from '../../lib/post-and-plan-items.js';
import type { Viewer } from '../../lib/viewer.js';
import { completionPercentage, type PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import { selectFollowingPage, selectPlansInProgress, selectSuggestions } from './feed.queries.js';

/** Posts and plans are built by their own modules, as their lists build them. */
type FeedDependencies = {
  db: Database;
  posts: Pick<PostsService, 'responsesFor'>;
  plans: Pick<PlansService, 'plansFor'>;
};

export function createFeedService({ db, posts, plans }: FeedDependencies) {
  return {
    /**
     * What the people the viewer follows made and the posts of the tags they follow, newest first: three
     * statements whatever the page holds.
     */
    async following(viewer: Viewer, pageQuery: PageQuery): Promise<FollowingFeedPage> {
      const { total, items } = await selectFollowingPage(db, viewer.id, pageWindow(pageQuery));
      const content = await responseItems(
        items,
        { posts: (ids) => posts.responsesFor(viewer, ids), plans: (ids) => plans.plansFor(viewer, ids) },
        (item, responded): FollowingFeedItem => ({
          ...responded,
          createdAt: new Date(item.createdAt).toISOString(),
        }),
      );
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
        completionPercentage: completionPercentage(row.completedTopics, row.totalTopics - row.skippedTopics),
      }));
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
