import {
  GROUP_MESSAGES,
  GROUP_POST_REMOVAL_MESSAGES,
  HIDE_MESSAGES,
  type HideableTargetType,
  PLAN_MESSAGES,
  POST_MESSAGES,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import type { FileRemoval } from '../../lib/storage/file-removal.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  type ContentTarget,
  hideTarget,
  recordContentAction,
  removeGroupPost,
  targetExists,
  unhideTarget,
} from './content-moderation.queries.js';
import type { ReportsService } from './reports.service.js';

const NOT_FOUND: Record<HideableTargetType, string> = {
  POST: POST_MESSAGES.postNotFound,
  COMMENT: POST_MESSAGES.commentNotFound,
  LEARNING_PLAN: PLAN_MESSAGES.planNotFound,
};

/**
 * Moderators hiding and unhiding posts, comments and plans (docs/features.md, "Reports and moderation"): a
 * hidden item is shown to its author only, with the reason; every change is in the moderation log.
 */
export function createContentModerationService({
  db,
  events,
  reports,
  removal,
}: {
  db: Database;
  events: EventBus;
  reports: ReportsService;
  removal: FileRemoval;
}) {
  const requireModerator = async (viewer: Viewer) => {
    if (!(await reports.isModerator(viewer.id))) throw forbidden(HIDE_MESSAGES.moderatorsOnly);
  };

  return {
    /** Hides the target (or changes the reason it is hidden for) and resolves the open reports about it. */
    async hide(viewer: Viewer, target: ContentTarget, reason: string): Promise<void> {
      await requireModerator(viewer);
      await db.transaction(async (tx) => {
        // Before the change: whether others could read the comment until now decides what follows.
        if (target.type === 'COMMENT')
          await events.publish(tx, { type: 'comment.hidden', commentId: target.id });
        if (!(await hideTarget(tx, target, reason))) throw notFound(NOT_FOUND[target.type]);
        await recordContentAction(tx, { moderatorId: viewer.id, target, hidden: true, note: reason });
        if (target.type === 'POST') await events.publish(tx, { type: 'post.hidden', postId: target.id });
        if (target.type === 'LEARNING_PLAN')
          await events.publish(tx, { type: 'plan.hidden', planId: target.id });
      });
    },

    async unhide(viewer: Viewer, target: ContentTarget): Promise<void> {
      await requireModerator(viewer);
      await db.transaction(async (tx) => {
        if (await unhideTarget(tx, target)) {
          await recordContentAction(tx, { moderatorId: viewer.id, target, hidden: false, note: '' });
          return;
        }
        throw (await targetExists(tx, target))
          ? conflict(HIDE_MESSAGES.notHidden)
          : notFound(NOT_FOUND[target.type]);
      });
    },

    /** Removes a post of a study group's discussion, which moderators cannot hide from its members. */
    async removeGroupPost(viewer: Viewer, postId: number, note: string): Promise<void> {
      if (!(await reports.isModerator(viewer.id)))
        throw forbidden(GROUP_POST_REMOVAL_MESSAGES.moderatorsOnly);
      const files = await removeGroupPost(db, { moderatorId: viewer.id, postId, note });
      if (!files) throw notFound(GROUP_MESSAGES.postNotFound);
      await removal.removeUnreferenced(files);
    },
  };
}
export type ContentModerationService = ReturnType<typeof createContentModerationService>;
