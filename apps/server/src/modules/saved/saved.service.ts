import {
  type PageQuery,
  PLAN_MESSAGES,
  POST_MESSAGES,
  type SavedItem,
  type SavedPage,
  type SaveResponse,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { whenReferenceGone } from '../../lib/db-errors.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import { responseItems } from '../../lib/post-and-plan-items.js';
import type { Viewer } from '../../lib/viewer.js';
import type { PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import { planVisible, postVisible, savePlan, savePost, selectSavedPage } from './saved.queries.js';

/** Saved posts and plans are built by their own modules, as their lists build them. */
type SavedDependencies = {
  db: Database;
  posts: Pick<PostsService, 'responsesFor'>;
  plans: Pick<PlansService, 'plansFor'>;
};

export function createSavedService({ db, posts, plans }: SavedDependencies) {
  return {
    /** Saves or unsaves a post; doing it twice changes nothing. */
    async setPostSaved(viewer: Viewer, postId: number, saved: boolean): Promise<SaveResponse> {
      const missing = notFound(POST_MESSAGES.postNotFound);
      if (!(await postVisible(db, postId, viewer.id))) throw missing;
      await savePost(db, viewer.id, postId, saved).catch(whenReferenceGone(missing));
      return { saved };
    },

    /** Saves or unsaves a plan the viewer may see (another's private plan is a 404, as everywhere). */
    async setPlanSaved(viewer: Viewer, planId: number, saved: boolean): Promise<SaveResponse> {
      const missing = notFound(PLAN_MESSAGES.planNotFound);
      if (!(await planVisible(db, planId, viewer.id))) throw missing;
      await savePlan(db, viewer.id, planId, saved).catch(whenReferenceGone(missing));
      return { saved };
    },

    /** The viewer's saved items, newest save first: three statements whatever the page holds. */
    async list(viewer: Viewer, pageQuery: PageQuery): Promise<SavedPage> {
      const { total, items } = await selectSavedPage(db, viewer.id, pageWindow(pageQuery));
      const content = await responseItems(
        items,
        { posts: (ids) => posts.responsesFor(viewer, ids), plans: (ids) => plans.plansFor(viewer, ids) },
        (item, responded): SavedItem => ({ ...responded, savedAt: new Date(item.savedAt).toISOString() }),
      );
      return toPage(content, total, pageQuery);
    },
  };
}
export type SavedService = ReturnType<typeof createSavedService>;
