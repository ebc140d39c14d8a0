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
import type { Viewer } from '../../lib/viewer.js';
import type { PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import { planVisible, postVisible, savePlan, savePost, selectSavedPage } from './saved.queries.js';

/** Saved posts and plans are answered by their own modules, as their lists answer them. */
type SavedDependencies = {
  db: Database;
  posts: Pick<PostsService, 'answersFor'>;
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
      const idsOf = (type: SavedItem['type']) =>
        items.filter((item) => item.type === type).map((item) => item.id);
      const [postAnswers, planAnswers] = await Promise.all([
        posts.answersFor(viewer, idsOf('POST')),
        plans.plansFor(viewer, idsOf('LEARNING_PLAN')),
      ]);
      const postById = new Map(postAnswers.map((post) => [post.id, post]));
      const planById = new Map(planAnswers.map((plan) => [plan.id, plan]));
      const content = items.flatMap((item): SavedItem[] => {
        const savedAt = new Date(item.savedAt).toISOString();
        const post = item.type === 'POST' ? postById.get(item.id) : undefined;
        if (post) return [{ type: 'POST', savedAt, post }];
        const learningPlan = item.type === 'LEARNING_PLAN' ? planById.get(item.id) : undefined;
        return learningPlan ? [{ type: 'LEARNING_PLAN', savedAt, learningPlan }] : [];
      });
      return toPage(content, total, pageQuery);
    },
  };
}
export type SavedService = ReturnType<typeof createSavedService>;
