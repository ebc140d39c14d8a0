import { PLAN_MESSAGES } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { Viewer } from '../../lib/viewer.js';
import { findPlanOwnership, findPlanTopic } from './plans.queries.js';

/**
 * A plan the viewer may not see (`visible`, from `planVisibleTo`) is simply not found, whatever they
 * meant to do with it: refusing a change with a 403 would tell them it exists.
 */
function refuseInvisible<T extends { visible: boolean }>(plan: T | null): T {
  if (!plan?.visible) throw notFound(PLAN_MESSAGES.planNotFound);
  return plan;
}

/** The plan when the viewer created it (locked for the rest of the transaction); else a 404 or 403. */
export async function requireOwnPlan(
  tx: Database,
  viewer: Viewer,
  planId: number,
  refusal: string = PLAN_MESSAGES.cannotEdit,
) {
  const plan = refuseInvisible(await findPlanOwnership(tx, planId, viewer.id, true));
  if (plan.creatorId !== viewer.id) throw forbidden(refusal);
  return plan;
}

/** A plan the viewer may see, or a 404. */
export async function requireVisiblePlan(db: Database, viewer: Viewer, planId: number) {
  return refuseInvisible(await findPlanOwnership(db, planId, viewer.id));
}

/** A topic of a plan the viewer may see; 404 when either is missing or the topic is another plan's. */
export async function requireVisibleTopic(db: Database, viewer: Viewer, planId: number, topicId: number) {
  const plan = refuseInvisible(await findPlanTopic(db, planId, topicId, viewer.id));
  if (!plan.topic) throw notFound(PLAN_MESSAGES.topicNotFound);
  return { ...plan, topic: plan.topic };
}

/** A topic of a plan the viewer created. */
export async function requireOwnTopic(db: Database, viewer: Viewer, planId: number, topicId: number) {
  const plan = await requireVisibleTopic(db, viewer, planId, topicId);
  if (plan.creatorId !== viewer.id) throw forbidden(PLAN_MESSAGES.cannotEdit);
  return plan;
}
