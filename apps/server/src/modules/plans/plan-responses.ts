import type {
  Category,
  LearningPlan,
  LearningPlanCard,
  PlanOrigin,
  PlanTopic,
  ResourceType,
  TopicStatus,
} from '@pathwise/contract';
import { moderationOf } from '../../lib/content-moderation.js';
import { responseText } from '../../lib/response-text.js';
import type { Viewer } from '../../lib/viewer.js';
import type { PlanReads } from './plans.queries.js';

/**
 * 100 × completed ÷ total to one decimal; only a fully completed plan reads 100. `total` counts the topics
 * not skipped (the callers leave skipped ones out).
 */
export function completionPercentage(completed: number, total: number): number {
  if (total === 0) return 0;
  const rounded = Math.round((completed * 1000) / total) / 10;
  // Rounded to the nearest tenth (2 of 3 is 66.7), yet never to 100 before the last topic is done nor to
  // 0 after the first: 100 is what makes a plan Completed, and 0 Not Started.
  if (completed < total && rounded === 100) return 99.9;
  if (completed > 0 && rounded === 0) return 0.1;
  return rounded;
}

type OriginRow = {
  basedOnTitle: string | null;
  basedOnPlanId: number | null;
  original: {
    id: number | null;
    title: string | null;
    creatorId: number | null;
    creatorName: string | null;
    creatorPicture: string | null;
  } | null;
};

/** Where a copy came from, as the viewer may see it; null for a plan that is not a copy. */
function originOf({ basedOnTitle, basedOnPlanId, original }: OriginRow, viewer: Viewer): PlanOrigin | null {
  if (basedOnTitle === null) return null;
  if (original?.id == null) return { plan: null, deleted: basedOnPlanId === null };
  return {
    plan: {
      id: original.id,
      title: original.title!,
      creator: {
        id: original.creatorId!,
        name: original.creatorName!,
        profilePicture: viewer.mediaUrl(original.creatorPicture),
      },
    },
    deleted: false,
  };
}

/**
 * The responses for the plans `ids` as `viewer` sees them (their own progress), in the order of `ids`;
 * plans the viewer may not see are left out. Two SQL statements whatever the number of plans.
 */
export async function planResponses(
  reads: PlanReads,
  viewer: Viewer,
  ids: number[],
): Promise<LearningPlan[]> {
  if (ids.length === 0) return [];
  const [plans, rows] = await reads.withIds(viewer.id, ids);
  return planResponsesOf(viewer, ids, plans, rows);
}

/** What `withIds` reads: the plans, and their topics with their resources. */
export type PlanRows = Awaited<ReturnType<PlanReads['withIds']>>;

/** The responses for plan rows already read (`withIds`), in the order of `ids`. */
export function planResponsesOf(
  viewer: Viewer,
  ids: number[],
  plans: PlanRows[0],
  rows: PlanRows[1],
): LearningPlan[] {
  const topicsByPlan = new Map<number, PlanTopic[]>();
  let topic: PlanTopic | undefined;
  for (const row of rows) {
    if (topic?.id !== row.topicId) {
      topic = {
        id: row.topicId,
        title: row.topicTitle,
        description: responseText(row.topicDescription),
        orderIndex: row.topicOrderIndex,
        completionStatus: (row.status as TopicStatus | null) ?? 'NOT_STARTED',
        prerequisiteTopicIds: [],
        resources: [],
      };
      const planTopics = topicsByPlan.get(row.planId) ?? [];
      planTopics.push(topic);
      topicsByPlan.set(row.planId, planTopics);
    }
    if (row.resourceId === null) continue;
    topic.resources.push({
      id: row.resourceId,
      title: row.resourceTitle!,
      url: responseText(row.fileKey ? viewer.mediaUrl(row.fileKey) : row.url),
      type: row.type as ResourceType,
      description: responseText(row.resourceDescription),
      orderIndex: row.resourceOrderIndex!,
      isCompleted: row.completedAt !== null,
      durationMinutes: row.durationMinutes,
    });
  }

  for (const plan of plans) {
    const topics = new Map((topicsByPlan.get(plan.id) ?? []).map((each) => [each.id, each]));
    for (const [topicId, prerequisiteId] of plan.prerequisites)
      topics.get(topicId)?.prerequisiteTopicIds.push(prerequisiteId);
  }

  return inOrder(
    viewer,
    ids,
    plans,
    (planId) => topicsByPlan.get(planId) ?? [],
    (plan) => plan,
  );
}

type PlanRow = Awaited<ReturnType<PlanReads['withIds']>>[0][number];

/**
 * The plans' responses in the order of `ids`, each with the topics `topicsOf` gives it and the viewer's
 * progress counted from their statuses.
 */
function inOrder<Topic extends { completionStatus: TopicStatus }, Plan>(
  viewer: Viewer,
  ids: number[],
  plans: PlanRow[],
  topicsOf: (planId: number) => Topic[],
  shape: (plan: Omit<LearningPlan, 'topics'> & { topics: Topic[] }) => Plan,
): Plan[] {
  const byId = new Map(
    plans.map(
      ({
        basedOnTitle,
        basedOnPlanId,
        original,
        hiddenAt,
        hiddenReason,
        prerequisites,
        ...plan
      }): [number, Plan] => {
        const topics = topicsOf(plan.id);
        const completedTopics = topics.filter((t) => t.completionStatus === 'COMPLETED').length;
        const skippedTopics = topics.filter((t) => t.completionStatus === 'SKIPPED').length;
        return [
          plan.id,
          shape({
            ...plan,
            category: plan.category as Category,
            createdAt: plan.createdAt.toISOString(),
            updatedAt: plan.updatedAt.toISOString(),
            completionPercentage: completionPercentage(completedTopics, topics.length - skippedTopics),
            completedTopics,
            skippedTopics,
            creator: { ...plan.creator, profilePicture: viewer.mediaUrl(plan.creator.profilePicture) },
            topics,
            basedOn: originOf({ basedOnTitle, basedOnPlanId, original }, viewer),
            ...moderationOf({ hiddenAt, hiddenReason }),
          }),
        ];
      },
    ),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The plans `ids` as a plan card shows them to `viewer` (`LearningPlanCard`: their topics' titles and the
 * viewer's progress, no resources), in the order of `ids`; plans the viewer may not see are left out.
 * Two SQL statements whatever the number of plans.
 */
export async function planCards(
  reads: PlanReads,
  viewer: Viewer,
  ids: number[],
): Promise<LearningPlanCard[]> {
  if (ids.length === 0) return [];
  const [plans, rows] = await reads.cardsWithIds(viewer.id, ids);
  return planCardsOf(viewer, ids, plans, rows);
}

/** What `cardsWithIds` reads: the plans, and their topics' titles with the viewer's status. */
export type PlanCardRows = Awaited<ReturnType<PlanReads['cardsWithIds']>>;

/** The cards for plan rows already read (`cardsWithIds`), in the order of `ids`. */
export function planCardsOf(
  viewer: Viewer,
  ids: number[],
  plans: PlanCardRows[0],
  rows: PlanCardRows[1],
): LearningPlanCard[] {
  const topicsByPlan = new Map<number, { id: number; title: string; completionStatus: TopicStatus }[]>();
  for (const row of rows) {
    const planTopics = topicsByPlan.get(row.planId) ?? [];
    planTopics.push({
      id: row.topicId,
      title: row.topicTitle,
      completionStatus: (row.status as TopicStatus | null) ?? 'NOT_STARTED',
    });
    topicsByPlan.set(row.planId, planTopics);
  }
  return inOrder(
    viewer,
    ids,
    plans,
    (planId) => topicsByPlan.get(planId) ?? [],
    ({ topics, ...plan }): LearningPlanCard => ({
      ...plan,
      topics: topics.map(({ id, title }) => ({ id, title })),
    }),
  );
}
