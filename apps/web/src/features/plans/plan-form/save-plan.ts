import type { LearningPlan, NewResourceBody } from '@pathwise/contract';
import { addResource, createPlan, fetchPlan, updatePlan, uploadResourceFile } from '../api/plans-api';
import { type PlanFormOutput, toPlanBody } from './plan-form-schema';

type SavePlanOptions = {
  /** The plan to update; null creates one. */
  planId: number | null;
  values: PlanFormOutput;
  /** Called as soon as the plan itself is stored, before resources and files follow. */
  onPlanStored: (plan: LearningPlan) => void;
};

/** A failed resource creation is only logged; the plan is saved without it. */
async function createMissingResource(
  planId: number,
  topicId: number,
  resource: NewResourceBody,
): Promise<number | null> {
  try {
    return (await addResource(planId, topicId, resource)).id;
  } catch (error) {
    console.error('Failed to create a resource of the learning plan', error);
    return null;
  }
}

/**
 * Create or update the plan, fetch it again, create the resources it is
 * missing one by one (matched by position), then upload each chosen PDF with its resource id.
 * Answers the plan's id; rejects with the first failure of the plan or of an upload.
 */
export async function savePlan({ planId, values, onPlanStored }: SavePlanOptions): Promise<number> {
  const body = toPlanBody(values);
  const stored = planId === null ? await createPlan(body) : await updatePlan(planId, body);
  onPlanStored(stored);
  const plan = await fetchPlan(stored.id);

  for (const [topicIndex, topic] of values.topics.entries()) {
    const savedTopic = plan.topics[topicIndex];
    if (!savedTopic) continue;
    for (const [index, resource] of topic.resources.entries()) {
      const resourceId =
        savedTopic.resources[index]?.id ??
        (await createMissingResource(plan.id, savedTopic.id, body.topics[topicIndex]!.resources![index]!));
      const { kind, file } = resource.source;
      if (resourceId !== null && kind === 'file' && file) {
        await uploadResourceFile(plan.id, savedTopic.id, resourceId, file);
      }
    }
  }
  return plan.id;
}
