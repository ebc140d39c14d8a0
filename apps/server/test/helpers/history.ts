import type { Category, ResourceType, TopicStatus } from '@pathwise/contract';
import {
  activities,
  learningPlans,
  planResources,
  planTopics,
  resourceCompletions,
  topicProgress,
} from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

/**
 * Writes plans, progress and learning history straight into the tables, with explicit times, so
 * analytics can be checked against a history known to the minute.
 */

type ResourceSpec = { type: ResourceType; durationMinutes?: number };
type PlanSpec = {
  creatorId: number;
  title: string;
  category: Category;
  createdAt: string;
  isPublic?: boolean;
  /** Each topic's resources. */
  topics: ResourceSpec[][];
};
export type StoredPlan = { id: number; topics: { id: number; resourceIds: number[] }[] };

export async function insertPlan({ db }: Pick<TestApp, 'db'>, spec: PlanSpec): Promise<StoredPlan> {
  const [plan] = await db
    .insert(learningPlans)
    .values({
      creatorId: spec.creatorId,
      title: spec.title,
      description: `About ${spec.title}`,
      category: spec.category,
      isPublic: spec.isPublic ?? true,
      estimatedDays: 30,
      createdAt: new Date(spec.createdAt),
    })
    .returning({ id: learningPlans.id });
  const topics = [];
  for (const [index, resources] of spec.topics.entries()) {
    const [topic] = await db
      .insert(planTopics)
      .values({ planId: plan!.id, title: `Topic ${index + 1}`, orderIndex: index })
      .returning({ id: planTopics.id });
    const rows =
      resources.length === 0
        ? []
        : await db
            .insert(planResources)
            .values(
              resources.map((resource, order) => ({
                topicId: topic!.id,
                title: `Resource ${order + 1}`,
                url: 'https://example.com',
                type: resource.type,
                orderIndex: order,
                durationMinutes: resource.durationMinutes ?? null,
              })),
            )
            .returning({ id: planResources.id });
    topics.push({ id: topic!.id, resourceIds: rows.map((row) => row.id) });
  }
  return { id: plan!.id, topics };
}

type LearningActivity = {
  type: 'LEARNING_PROGRESS' | 'TOPIC_COMPLETED' | 'RESOURCE_COMPLETED';
  planId: number;
  progressPercentage?: number;
  topicId?: number | null;
  resourceId?: number | null;
  minutes?: number | null;
};

/** One learning activity of `userId` at the instant `at` (ISO-8601). */
export async function recordActivity(
  { db }: Pick<TestApp, 'db'>,
  userId: number,
  at: string,
  activity: LearningActivity,
) {
  await db.insert(activities).values({ userId, occurredAt: new Date(at), ...activity });
}

/** The user's standing status of a topic, as of `at`. */
export async function storeTopicStatus(
  { db }: Pick<TestApp, 'db'>,
  userId: number,
  topicId: number,
  status: Exclude<TopicStatus, 'NOT_STARTED'>,
  at: string,
) {
  await db.insert(topicProgress).values({ userId, topicId, status, updatedAt: new Date(at) });
}

/** A resource the user has completed, since `at`. */
export async function storeCompletion(
  { db }: Pick<TestApp, 'db'>,
  userId: number,
  resourceId: number,
  at: string,
) {
  await db.insert(resourceCompletions).values({ userId, resourceId, completedAt: new Date(at) });
}
