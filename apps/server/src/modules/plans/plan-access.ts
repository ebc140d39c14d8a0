import { PLAN_MESSAGES } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { Viewer } from '../../lib/viewer.js';
import { findPlanOwnership, findPlanTopic } from './plans.queries.js';

type Ownership = { creatorId: number; isPublic: boolean; hiddenAt: Date | null };

/**
 * Private plans, and plans a moderator hid, exist only for their creator: to anyone else they are
 * simply not found.
 */
function refuseInvisible<T extends Ownership>(plan: T | null, viewer: Viewer): T {
  const othersOnly = plan && (!plan.isPublic || plan.hiddenAt !== null);
  if (!plan || (othersOnly && plan.creatorId !== viewer.id)) throw notFound(PLAN_MESSAGES.planNotFound);
  return plan;
}

/** The plan when the viewer created it (locked for the rest of the transaction); else a 404 or 403. */
export async function requireOwnPlan(
  tx: Database,
  viewer: Viewer,
  planId: number,
  refusal: string = PLAN_MESSAGES.cannotEdit,
) {
  const plan = refuseInvisible(await findPlanOwnership(tx, planId, true), viewer);
  if (plan.creatorId !== viewer.id) throw forbidden(refusal);
  return plan;
}

/** A topic of a plan the viewer may see; 404 when either is missing or the topic is another plan's. */
export async function requireVisibleTopic(db: Database, viewer: Viewer, planId: number, topicId: number) {
  const plan = refuseInvisible(await findPlanTopic(db, planId, topicId, viewer.id), viewer);
  if (!plan.topic) throw notFound(PLAN_MESSAGES.topicNotFound);
  return { ...plan, topic: plan.topic };
}

/** A topic of a plan the viewer created. */
export async function requireOwnTopic(db: Database, viewer: Viewer, planId: number, topicId: number) {
  const plan = await requireVisibleTopic(db, viewer, planId, topicId);
  if (plan.creatorId !== viewer.id) throw forbidden(PLAN_MESSAGES.cannotEdit);
  return plan;
}
