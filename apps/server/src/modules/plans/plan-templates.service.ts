import { type LearningPlan, PLAN_MESSAGES } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import type { Viewer } from '../../lib/viewer.js';
import { copyPlanItems, findCopyablePlan, insertPlanCopy } from './plan-templates.queries.js';
import type { PlansService } from './plans.service.js';

type Dependencies = { db: Database; events: EventBus; plans: Pick<PlansService, 'planFor'> };

/** "Use as template" (docs/features.md, "Plan templates"): copies of plans the viewer can see. */
export function createPlanTemplatesService({ db, events, plans }: Dependencies) {
  return {
    /**
     * A new private plan of the viewer's with the topics and resources of `planId` (not anyone's
     * progress, not uploaded files), linked to it; its creator is told unless it is the viewer.
     * A constant number of statements whatever the plan holds.
     */
    async copy(viewer: Viewer, planId: number): Promise<LearningPlan> {
      const copyId = await db.transaction(async (tx) => {
        const original = await findCopyablePlan(tx, planId, viewer.id);
        if (!original) throw notFound(PLAN_MESSAGES.planNotFound);
        const id = await insertPlanCopy(tx, planId, viewer.id);
        await copyPlanItems(tx, planId, id);
        await events.publish(tx, {
          type: 'plan.copied',
          actorId: viewer.id,
          planId,
          planCreatorId: original.creatorId,
          title: original.title,
        });
        return id;
      });
      return plans.planFor(viewer, copyId);
    },
  };
}
export type PlanTemplatesService = ReturnType<typeof createPlanTemplatesService>;
