import type { TopicStatus } from '@pathwise/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  learningPlans,
  planResources,
  planTopics,
  resourceCompletions,
  savedLearningPlans,
  topicProgress,
  users,
} from '../../db/schema/index.js';
import { literalLimit } from '../../lib/pagination.js';

type PlanColumns = typeof learningPlans.$inferInsert;
type TopicRow = typeof planTopics.$inferInsert;
type ResourceRow = typeof planResources.$inferInsert;

/** Plans `viewerId` may see: public ones and their own. */
export const visibleTo = (viewerId: number) =>
  or(eq(learningPlans.isPublic, true), eq(learningPlans.creatorId, viewerId))!;
export const publicPlans = () => eq(learningPlans.isPublic, true);
export const plansOf = (creatorId: number, onlyPublic: boolean) =>
  onlyPublic
    ? and(eq(learningPlans.creatorId, creatorId), eq(learningPlans.isPublic, true))!
    : eq(learningPlans.creatorId, creatorId);

/**
 * One page of plan ids, newest first, and how many match in all: one round trip, unless the page is
 * empty (then no row carries the total).
 */
export async function pagePlanIds(db: Database, where: SQL, window: { limit: number; offset: number }) {
  const rows = await db
    .select({ id: learningPlans.id, total: db.$count(learningPlans, where) })
    .from(learningPlans)
    .where(where)
    .orderBy(desc(learningPlans.createdAt), desc(learningPlans.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
  const total = rows[0]?.total ?? (await db.$count(learningPlans, where));
  return { ids: rows.map((row) => row.id), total };
}

/** The plans among `ids` that `viewerId` may see, with their creators. */
export function selectPlans(db: Database, ids: number[], viewerId: number) {
  return db
    .select({
      id: learningPlans.id,
      title: learningPlans.title,
      description: learningPlans.description,
      category: learningPlans.category,
      isPublic: learningPlans.isPublic,
      estimatedDays: learningPlans.estimatedDays,
      startDate: learningPlans.startDate,
      targetCompletionDate: learningPlans.targetCompletionDate,
      createdAt: learningPlans.createdAt,
      updatedAt: learningPlans.updatedAt,
      creator: { id: users.id, name: users.name, profilePicture: users.profilePicture },
      isSaved: sql<boolean>`exists (select 1 from ${savedLearningPlans}
        where ${savedLearningPlans.planId} = ${learningPlans.id} and ${savedLearningPlans.userId} = ${viewerId})`,
    })
    .from(learningPlans)
    .innerJoin(users, eq(users.id, learningPlans.creatorId))
    .where(and(inArray(learningPlans.id, ids), visibleTo(viewerId)));
}

/**
 * Every topic of the plans with each of its resources (one row per resource, or one row with null
 * resource fields for a topic without resources) and the viewer's progress on both, in plan order.
 */
export function selectTopicsWithResources(db: Database, planIds: number[], viewerId: number) {
  return db
    .select({
      planId: planTopics.planId,
      topicId: planTopics.id,
      topicTitle: planTopics.title,
      topicDescription: planTopics.description,
      topicOrderIndex: planTopics.orderIndex,
      status: topicProgress.status,
      resourceId: planResources.id,
      resourceTitle: planResources.title,
      url: planResources.url,
      fileKey: planResources.fileKey,
      type: planResources.type,
      resourceDescription: planResources.description,
      resourceOrderIndex: planResources.orderIndex,
      durationMinutes: planResources.durationMinutes,
      completedAt: resourceCompletions.completedAt,
    })
    .from(planTopics)
    .leftJoin(
      topicProgress,
      and(eq(topicProgress.topicId, planTopics.id), eq(topicProgress.userId, viewerId)),
    )
    .leftJoin(planResources, eq(planResources.topicId, planTopics.id))
    .leftJoin(
      resourceCompletions,
      and(eq(resourceCompletions.resourceId, planResources.id), eq(resourceCompletions.userId, viewerId)),
    )
    .where(inArray(planTopics.planId, planIds))
    .orderBy(
      asc(planTopics.orderIndex),
      asc(planTopics.id),
      asc(planResources.orderIndex),
      asc(planResources.id),
    );
}

export async function userExists(db: Database, userId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** Who owns a plan and who may see it; `lock` holds the row until the transaction ends. */
export async function findPlanOwnership(db: Database, planId: number, lock = false) {
  const query = db
    .select({ id: learningPlans.id, creatorId: learningPlans.creatorId, isPublic: learningPlans.isPublic })
    .from(learningPlans)
    .where(eq(learningPlans.id, planId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A plan and, when it belongs to it, one of its topics. */
export async function findPlanTopic(db: Database, planId: number, topicId: number) {
  const [row] = await db
    .select({
      creatorId: learningPlans.creatorId,
      isPublic: learningPlans.isPublic,
      topic: { id: planTopics.id, title: planTopics.title },
    })
    .from(learningPlans)
    .leftJoin(planTopics, and(eq(planTopics.id, topicId), eq(planTopics.planId, learningPlans.id)))
    .where(eq(learningPlans.id, planId));
  return row ?? null;
}

/** A resource of a topic; `keep` stops it from being deleted until the transaction ends. */
export async function findTopicResource(db: Database, topicId: number, resourceId: number, keep = false) {
  const query = db
    .select({
      id: planResources.id,
      title: planResources.title,
      durationMinutes: planResources.durationMinutes,
      fileKey: planResources.fileKey,
    })
    .from(planResources)
    .where(and(eq(planResources.id, resourceId), eq(planResources.topicId, topicId)));
  const [row] = keep ? await query.for('key share') : await query;
  return row ?? null;
}

/** Stops a topic from being deleted (by an edit of its plan) until the transaction ends; false when it is gone. */
export async function keepTopic(db: Database, topicId: number) {
  const rows = await db
    .select({ id: planTopics.id })
    .from(planTopics)
    .where(eq(planTopics.id, topicId))
    .for('key share');
  return rows.length > 0;
}

export async function insertPlan(db: Database, plan: PlanColumns) {
  const [row] = await db.insert(learningPlans).values(plan).returning({ id: learningPlans.id });
  return row!.id;
}

export async function updatePlan(db: Database, planId: number, plan: Partial<PlanColumns>) {
  await db
    .update(learningPlans)
    .set({ ...plan, updatedAt: sql`now()` })
    .where(eq(learningPlans.id, planId));
}

export async function deletePlan(db: Database, planId: number) {
  await db.delete(learningPlans).where(eq(learningPlans.id, planId));
}

/** The topics and resources a plan has now, to apply an edit against. */
export function selectPlanItems(db: Database, planId: number) {
  return db
    .select({
      topicId: planTopics.id,
      resourceId: planResources.id,
      url: planResources.url,
      fileKey: planResources.fileKey,
    })
    .from(planTopics)
    .leftJoin(planResources, eq(planResources.topicId, planTopics.id))
    .where(eq(planTopics.planId, planId));
}

export async function selectPlanFileKeys(db: Database, planId: number) {
  const rows = await db
    .select({ fileKey: planResources.fileKey })
    .from(planResources)
    .innerJoin(planTopics, eq(planTopics.id, planResources.topicId))
    .where(and(eq(planTopics.planId, planId), isNotNull(planResources.fileKey)));
  return rows.map((row) => row.fileKey!);
}

export async function insertTopics(db: Database, topics: TopicRow[]) {
  const rows = await db.insert(planTopics).values(topics).returning({ id: planTopics.id });
  return rows.map((row) => row.id);
}

export async function updateTopic(db: Database, topicId: number, topic: Omit<TopicRow, 'planId'>) {
  await db.update(planTopics).set(topic).where(eq(planTopics.id, topicId));
}

export async function deleteTopics(db: Database, topicIds: number[]) {
  if (topicIds.length > 0) await db.delete(planTopics).where(inArray(planTopics.id, topicIds));
}

export async function insertResources(db: Database, resources: ResourceRow[]) {
  if (resources.length === 0) return [];
  const rows = await db.insert(planResources).values(resources).returning({ id: planResources.id });
  return rows.map((row) => row.id);
}

export async function updateResource(
  db: Database,
  resourceId: number,
  resource: Omit<ResourceRow, 'topicId'>,
) {
  await db.update(planResources).set(resource).where(eq(planResources.id, resourceId));
}

export async function deleteResources(db: Database, resourceIds: number[]) {
  if (resourceIds.length > 0) await db.delete(planResources).where(inArray(planResources.id, resourceIds));
}

/** The order index after a topic's last resource. */
export async function nextResourceOrderIndex(db: Database, topicId: number) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${planResources.orderIndex}) + 1, 0)::int` })
    .from(planResources)
    .where(eq(planResources.topicId, topicId));
  return row!.next;
}

/**
 * Gives a resource its uploaded file (it becomes a PDF without a link) and answers the file it
 * replaces; null when the resource is gone.
 */
export async function setResourceFile(db: Database, resourceId: number, fileKey: string) {
  const [previous] = await db
    .select({ fileKey: planResources.fileKey })
    .from(planResources)
    .where(eq(planResources.id, resourceId))
    .for('update');
  if (!previous) return null;
  await db
    .update(planResources)
    .set({ fileKey, url: null, type: 'PDF' })
    .where(eq(planResources.id, resourceId));
  return { replaced: previous.fileKey };
}

/** Serialises one user's progress changes on one topic (the derived topic status reads, then writes). */
export async function lockUserTopic(db: Database, userId: number, topicId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${userId}, ${topicId})`);
}

export async function findTopicStatus(db: Database, userId: number, topicId: number): Promise<TopicStatus> {
  const [row] = await db
    .select({ status: topicProgress.status })
    .from(topicProgress)
    .where(and(eq(topicProgress.userId, userId), eq(topicProgress.topicId, topicId)));
  return (row?.status as TopicStatus | undefined) ?? 'NOT_STARTED';
}

/** Stores a user's topic status with the time of the change; NOT_STARTED is the absence of a row. */
export async function saveTopicStatus(db: Database, userId: number, topicId: number, status: TopicStatus) {
  if (status === 'NOT_STARTED') {
    await db
      .delete(topicProgress)
      .where(and(eq(topicProgress.userId, userId), eq(topicProgress.topicId, topicId)));
    return;
  }
  await db
    .insert(topicProgress)
    .values({ userId, topicId, status })
    .onConflictDoUpdate({
      target: [topicProgress.userId, topicProgress.topicId],
      set: { status, updatedAt: sql`now()` },
    });
}

/** Marks a resource completed (or not) for a user; answers whether anything changed. */
export async function saveResourceCompletion(
  db: Database,
  userId: number,
  resourceId: number,
  completed: boolean,
) {
  const changed = completed
    ? await db
        .insert(resourceCompletions)
        .values({ userId, resourceId })
        .onConflictDoNothing()
        .returning({ id: resourceCompletions.resourceId })
    : await db
        .delete(resourceCompletions)
        .where(and(eq(resourceCompletions.userId, userId), eq(resourceCompletions.resourceId, resourceId)))
        .returning({ id: resourceCompletions.resourceId });
  return changed.length > 0;
}

/** How many resources a topic has and how many of them the user has completed. */
export async function countTopicCompletions(db: Database, userId: number, topicId: number) {
  const [row] = await db
    .select({ total: count(planResources.id), completed: count(resourceCompletions.resourceId) })
    .from(planResources)
    .leftJoin(
      resourceCompletions,
      and(eq(resourceCompletions.resourceId, planResources.id), eq(resourceCompletions.userId, userId)),
    )
    .where(eq(planResources.topicId, topicId));
  return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
}

/** How many topics a plan has and how many of them the user has completed. */
export async function countPlanCompletions(db: Database, userId: number, planId: number) {
  const [row] = await db
    .select({ total: count(planTopics.id), completed: count(topicProgress.topicId) })
    .from(planTopics)
    .leftJoin(
      topicProgress,
      and(
        eq(topicProgress.topicId, planTopics.id),
        eq(topicProgress.userId, userId),
        eq(topicProgress.status, 'COMPLETED'),
      ),
    )
    .where(eq(planTopics.planId, planId));
  return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
}
