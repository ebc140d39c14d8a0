import {
  type LearningPlan,
  type Page,
  type PageQuery,
  type Post,
  TAG_LIMITS,
  type TagFollowResponse,
  type TagSuggestion,
  type TagSummary,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { Viewer } from '../../lib/viewer.js';
import type { PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import {
  followTag,
  selectSuggestions,
  selectSummary,
  selectTaggedPage,
  unfollowTag,
} from './tags.queries.js';

/** Posts and plans are built by their own modules, as their lists build them. */
type TagsDependencies = {
  db: Database;
  posts: Pick<PostsService, 'responsesFor'>;
  plans: Pick<PlansService, 'plansFor'>;
};

/**
 * Tags (docs/features.md, "Tags"). A tag nobody used yet reads as an empty tag page rather than a 404, so
 * the answer never tells whether a tag exists only on someone's private plan.
 */
export function createTagsService({ db, posts, plans }: TagsDependencies) {
  return {
    /** The editor's suggestions: one statement. */
    suggestions: (viewer: Viewer, prefix: string): Promise<TagSuggestion[]> =>
      selectSuggestions(db, viewer.id, prefix, TAG_LIMITS.suggestions),

    /** The tag page's heading: one statement. */
    async summary(viewer: Viewer, name: string): Promise<TagSummary> {
      const row = await selectSummary(db, viewer.id, name);
      return { name, postCount: 0, planCount: 0, following: false, ...row };
    },

    /** The tag's posts the viewer may see, newest first: two statements whatever the page holds. */
    async posts(viewer: Viewer, name: string, query: PageQuery): Promise<Page<Post>> {
      const { ids, total } = await selectTaggedPage(db, 'posts', viewer.id, name, pageWindow(query));
      return toPage(await posts.responsesFor(viewer, ids), total, query);
    },

    /** The tag's plans the viewer may see, newest first: three statements whatever the page holds. */
    async plans(viewer: Viewer, name: string, query: PageQuery): Promise<Page<LearningPlan>> {
      const { ids, total } = await selectTaggedPage(db, 'plans', viewer.id, name, pageWindow(query));
      return toPage(await plans.plansFor(viewer, ids), total, query);
    },

    /** Follows or unfollows; doing it twice changes nothing. */
    async setFollowing(viewer: Viewer, name: string, following: boolean): Promise<TagFollowResponse> {
      await (following ? followTag : unfollowTag)(db, viewer.id, name);
      return { following };
    },
  };
}
export type TagsService = ReturnType<typeof createTagsService>;
