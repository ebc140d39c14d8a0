import type { TopicStatus } from '@pathwise/contract';
import { and, asc, count, desc, eq, isNotNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { prepareColumnRows } from '../../db/column-rows.js';
import {
  learningPlans,
  planResources,
  planTags,
  planTopics,
  resourceCompletions,
  rowCounts,
  savedLearningPlans,
  topicPrerequisites,
  topicProgress,
  users,
} from '../../db/schema/index.js';
import { forgetPartsAfterCommit } from '../../db/shared-pages.js';
import { tagNamesOf, upsertedTagIds } from '../../db/tagging.js';
import {
  ownHiddenPublicPlan,
  planColumnsOf,
  planVisibleTo,
  publicPlanAsEveryoneSees,
  publicPlanHiddenFrom,
} from '../../db/visibility.js';
import { literalLimit, preparedPerSize } from '../../lib/pagination.js';

type PlanColumns = typeof learningPlans.$inferInsert;
type ResourceRow = typeof planResources.$inferInsert;

const publicPlansFor = (viewerId: number | Placeholder) => planVisibleTo(viewerId, { publicOnly: true });
/**
 * `creatorId`'s plans as `viewerId` sees them: all of their own, the public ones of anyone else not blocked
 * either way.
 */
export const plansOf = (creatorId: number, viewerId: number) =>
  creatorId === viewerId
    ? eq(learningPlans.creatorId, creatorId)
    : and(eq(learningPlans.creatorId, creatorId), planVisibleTo(viewerId))!;

const newestFirst = [desc(learningPlans.createdAt), desc(learningPlans.id)];
/** Most used as a template first (a denormalised count), the newest among equals. */
const mostUsedFirst = [desc(learningPlans.templateUseCount), ...newestFirst];

/** A page's ids and the total its rows carry; an empty page (past the end) carries none, so it is counted. */
async function idsAndTotal(db: Database, where: SQL, rows: { id: number; total: number }[]) {
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? (await db.$count(learningPlans, where)) };
}

/**
 * One page of plan ids, newest first, and how many match in all: one round trip, unless the page is
 * empty (then no row carries the total).
 */
export async function pagePlanIds(db: Database, where: SQL, window: { limit: number; offset: number }) {
  const rows = await db
    .select({ id: learningPlans.id, total: db.$count(learningPlans, where) })
    .from(learningPlans)
    .where(where)
    .orderBy(...newestFirst)
    .limit(literalLimit(window.limit))
    .offset(window.offset);
  return idsAndTotal(db, where, rows);
}

const originals = alias(learningPlans, 'original');
const originalCreators = alias(users, 'original_creator');

/**
 * The plans among `ids` that `viewerId` may see, with their creators and the originals they were copied from.
 */
function selectPlans(db: Database, ids: SQL, viewerId: Placeholder) {
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
        where ${savedLearningPlans.planId} = ${learningPlans.id}
          and ${savedLearningPlans.userId} = ${viewerId})`,
      templateUseCount: learningPlans.templateUseCount,
      tags: tagNamesOf(planTags, planTags.planId, planTags.tagId, learningPlans.id),
      hiddenAt: learningPlans.hiddenAt,
      hiddenReason: learningPlans.hiddenReason,
      // [topic, prerequisite] pairs, in the plan's order of the prerequisites: part of this statement, so
      // a plan's answer costs no statement more for them.
      prerequisites: sql<[number, number][]>`(select coalesce(
          json_agg(json_build_array(tp.topic_id, tp.prerequisite_id) order by p.order_index, p.id), '[]')
        from ${topicPrerequisites} tp
        join ${planTopics} p on p.id = tp.prerequisite_id
        where p.plan_id = ${learningPlans.id})`,
      basedOnTitle: learningPlans.basedOnTitle,
      basedOnPlanId: learningPlans.basedOnPlanId,
      // Null unless the original still exists and the viewer may see it.
      original: {
        id: originals.id,
        title: originals.title,
        creatorId: originalCreators.id,
        creatorName: originalCreators.name,
        creatorPicture: originalCreators.profilePicture,
      },
    })
    .from(learningPlans)
    .innerJoin(users, eq(users.id, learningPlans.creatorId))
    .leftJoin(
      originals,
      and(eq(originals.id, learningPlans.basedOnPlanId), planVisibleTo(viewerId, { plan: originals })),
    )
    .leftJoin(originalCreators, eq(originalCreators.id, originals.creatorId))
    .where(and(sql`${learningPlans.id} = any(${ids})`, planVisibleTo(viewerId)));
}

/**
 * Every topic of the plans with each of its resources (one row per resource, or one row with null
 * resource fields for a topic without resources) and the viewer's progress on both, in plan order.
 */
function selectTopicsWithResources(db: Database, planIds: SQL, viewerId: Placeholder) {
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
    .where(sql`${planTopics.planId} = any(${planIds})`)
    .orderBy(
      asc(planTopics.orderIndex),
      asc(planTopics.id),
      asc(planResources.orderIndex),
      asc(planResources.id),
    );
}

/**
 * Every topic's title of the plans with the viewer's status, in plan order: what a plan card shows of
 * them, without the resources.
 */
function selectTopicTitles(db: Database, planIds: SQL, viewerId: Placeholder) {
  return db
    .select({
      planId: planTopics.planId,
      topicId: planTopics.id,
      topicTitle: planTopics.title,
      status: topicProgress.status,
    })
    .from(planTopics)
    .leftJoin(
      topicProgress,
      and(eq(topicProgress.topicId, planTopics.id), eq(topicProgress.userId, viewerId)),
    )
    .where(sql`${planTopics.planId} = any(${planIds})`)
    .orderBy(asc(planTopics.orderIndex), asc(planTopics.id));
}

/**
 * The reads of every plan list and plan page, each statement built once instead of by Drizzle per
 * request, and the same text for 1 plan or 50 (the ids are one array parameter), so PostgreSQL
 * parses and plans it once per connection (bench/RESULTS.md).
 */
export function preparePlanReads(db: Database) {
  const viewerId = sql.placeholder('viewerId');
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const plans = selectPlans(db, ids, viewerId).prepare('plans_with_ids');
  const items = prepareColumnRows(db, selectTopicsWithResources(db, ids, viewerId), 'plan_items_with_ids');
  const topicTitles = prepareColumnRows(
    db,
    selectTopicTitles(db, ids, viewerId),
    'plan_topic_titles_with_ids',
  );
  // Kept by the triggers of migration 0012: counting the public plans was most of this statement's time.
  // Those of creators hidden from the viewer are counted apart, through the creator index, and so are
  // the others' a moderator hid, through `learning_plans_hidden_creator_idx`.
  const publicPlanCount = sql<number>`(select ${rowCounts.count} from ${rowCounts}
      where ${rowCounts.tableName} = 'public_learning_plans')
    - (select count(*) from ${learningPlans} where ${publicPlanHiddenFrom(viewerId)})`.mapWith(Number);
  const publicPagesIn = (order: 'newest' | 'most_used') =>
    preparedPerSize((size) =>
      db
        .select({ id: learningPlans.id, total: publicPlanCount })
        .from(learningPlans)
        .where(publicPlansFor(viewerId))
        .orderBy(...(order === 'newest' ? newestFirst : mostUsedFirst))
        .limit(literalLimit(size))
        .offset(sql.placeholder('offset'))
        .prepare(`plans_public_${order}_page_${size}`),
    );
  const sharedPublicState = sharedPageState(db, publicPlanCount).prepare('plans_public_viewer_state');
  const publicPages = publicPagesIn('newest');
  const popularPages = publicPagesIn('most_used');
  return {
    /**
     * The plans among `ids` the viewer may see, with their creators, and all their items with the viewer's
     * progress.
     */
    withIds: (viewer: number, planIds: number[]) =>
      Promise.all([
        plans.execute({ viewerId: viewer, ids: planIds }),
        items({ viewerId: viewer, ids: planIds }),
      ]),
    /** The same plans with only their topics' titles and the viewer's status on each (a plan card). */
    cardsWithIds: (viewer: number, planIds: number[]) =>
      Promise.all([
        plans.execute({ viewerId: viewer, ids: planIds }),
        topicTitles({ viewerId: viewer, ids: planIds }),
      ]),
    /** A page of the ids of the public plans the viewer sees, newest first, and how many there are. */
    publicPage: async (viewer: number, { limit, offset }: { limit: number; offset: number }) =>
      idsAndTotal(db, publicPlansFor(viewer), await publicPages(limit).execute({ viewerId: viewer, offset })),
    /**
     * What `viewer` adds to the first page of public plans as a visitor sees it: one statement, undefined
     * without the count row (`sharedPageState`).
     */
    sharedPublicState: async (viewer: number, page: SharedPlanPage) =>
      (await sharedPublicState.execute({ viewerId: viewer, ...page }))[0],
    /** The same plans, most used as a template first. */
    popularPage: async (viewer: number, { limit, offset }: { limit: number; offset: number }) =>
      idsAndTotal(
        db,
        publicPlansFor(viewer),
        await popularPages(limit).execute({ viewerId: viewer, offset }),
      ),
  };
}
export type PlanReads = ReturnType<typeof preparePlanReads>;

/**
 * A kept first page of public plans as the viewer's statement needs it: its plans (the last one `lastId`,
 * or 0 when the page is not full), their topics and resources, and the plans they were copied from.
 */
export type SharedPlanPage = {
  ids: number[];
  lastId: number;
  topicIds: number[];
  resourceIds: number[];
  originalIds: number[];
};

/**
 * The viewer's part of a shared first page of public plans, read by primary keys and small indexes: the
 * page's plans they saved, the page's plans they may see with their template uses now (any missing:
 * hidden, made private, deleted, of a creator blocked either way or suspended), the originals they may
 * see (which may differ from a visitor's: their own private plan, a creator they blocked), their
 * progress on the page's topics and resources, whether a public plan of theirs a moderator hid belongs
 * on the page, and their total.
 */
function sharedPageState(db: Database, publicPlanCount: SQL<number>) {
  const viewerId = sql.placeholder('viewerId');
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const lastId = sql.placeholder('lastId');
  return db
    .select({
      saved: sql<number[]>`array(select ${savedLearningPlans.planId} from ${savedLearningPlans}
        where ${savedLearningPlans.userId} = ${viewerId} and ${savedLearningPlans.planId} = any(${ids}))`,
      shown: sql<[id: number, templateUseCount: number][]>`coalesce((
        select json_agg(json_build_array(${learningPlans.id}, ${learningPlans.templateUseCount}))
        from ${learningPlans}
        where ${learningPlans.id} = any(${ids}) and ${publicPlanAsEveryoneSees(viewerId)}), '[]')`,
      originals: sql<number[]>`array(select o.id from ${learningPlans} o
        where o.id = any(${sql.placeholder('originalIds')}::int[])
          and ${planVisibleTo(viewerId, { plan: planColumnsOf('o') })})`,
      topics: sql<[topicId: number, status: TopicStatus][]>`coalesce((
        select json_agg(json_build_array(${topicProgress.topicId}, ${topicProgress.status}))
        from ${topicProgress} where ${topicProgress.userId} = ${viewerId}
          and ${topicProgress.topicId} = any(${sql.placeholder('topicIds')}::int[])), '[]')`,
      completed: sql<[resourceId: number, completedAt: string][]>`coalesce((
        select json_agg(
          json_build_array(${resourceCompletions.resourceId}, ${resourceCompletions.completedAt}))
        from ${resourceCompletions} where ${resourceCompletions.userId} = ${viewerId}
          and ${resourceCompletions.resourceId} = any(${sql.placeholder('resourceIds')}::int[])), '[]')`,
      ownHidden: sql<boolean>`exists (select 1 from ${learningPlans}
        where ${ownHiddenPublicPlan(viewerId)}
          and (${lastId} = 0 or (${learningPlans.createdAt}, ${learningPlans.id})
            > (select lp.created_at, lp.id from ${learningPlans} lp where lp.id = ${lastId})))`,
      total: sql`(${publicPlanCount})`.mapWith(Number),
    })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, 'public_learning_plans'));
}

/** Gives the plan exactly the tags `names` (each once), creating the tags nobody used yet: one statement. */
export async function setPlanTags(db: Database, planId: number, names: readonly string[]) {
  await db.execute(sql`with wanted as (${upsertedTagIds(names)}),
    dropped as (delete from ${planTags} where ${planTags.planId} = ${planId}
      and ${planTags.tagId} not in (select id from wanted))
    insert into ${planTags} (plan_id, tag_id) select ${planId}::int, id from wanted on conflict do nothing`);
}

export async function userExists(db: Database, userId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/**
 * Who created a plan, whether it is public and whether `viewerId` may see it; `lock` holds the row
 * until the transaction ends.
 */
export async function findPlanOwnership(db: Database, planId: number, viewerId: number, lock = false) {
  const query = db
    .select({
      id: learningPlans.id,
      creatorId: learningPlans.creatorId,
      isPublic: learningPlans.isPublic,
      visible: planVisibleTo(viewerId),
    })
    .from(learningPlans)
    .where(eq(learningPlans.id, planId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * A plan, whether `viewerId` may see it and, when it belongs to it, one of its topics; null when the plan is
 * missing.
 */
export async function findPlanTopic(db: Database, planId: number, topicId: number, viewerId: number) {
  const [row] = await db
    .select({
      creatorId: learningPlans.creatorId,
      visible: planVisibleTo(viewerId),
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

/**
 * Stops a topic from being deleted (by an edit of its plan) until the transaction ends; false when it is
 * gone.
 */
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

/**
 * An id list as one array parameter: the statement's text stays the same whatever the number of ids, so it is
 * prepared once.
 */
const anyId = (column: AnyPgColumn, ids: number[]) => sql`${column} = any(${sql.param(ids)}::int[])`;

/** Rows sent as one JSON parameter and read back as a set: one statement whatever their number. */
const rowsOf = (rows: object[]) => sql`${JSON.stringify(rows)}::jsonb`;

export type NewTopicRow = { title: string; description: string | null; orderIndex: number };
export type TopicEdit = NewTopicRow & { id: number };
export type ResourceColumns = Omit<ResourceRow, 'id' | 'topicId'>;

/** Adds topics to a plan in one statement; returns their ids by order index (unique within the plan). */
export async function insertTopics(db: Database, planId: number, topics: NewTopicRow[]) {
  if (topics.length === 0) return new Map<number, number>();
  const result = (await db.execute(sql`
    insert into plan_topics (plan_id, title, description, order_index)
    select ${planId}::int, v."title", v."description", v."orderIndex"
    from jsonb_to_recordset(${rowsOf(topics)}) as v("title" text, "description" text, "orderIndex" int)
    returning id, order_index`)) as unknown as { rows: { id: number; order_index: number }[] };
  return new Map(result.rows.map((row) => [row.order_index, row.id]));
}

/** Rewrites the plan's topics `topics` (by id) in one statement. */
export async function updateTopics(db: Database, planId: number, topics: TopicEdit[]) {
  if (topics.length === 0) return;
  await db.execute(sql`
    update plan_topics as t
    set title = v."title", description = v."description", order_index = v."orderIndex"
    from jsonb_to_recordset(${rowsOf(topics)})
      as v("id" int, "title" text, "description" text, "orderIndex" int)
    where t.id = v."id" and t.plan_id = ${planId}::int`);
}

/** The plan's prerequisites now: each topic's id with the ids of the topics it needs. */
export async function selectPlanPrerequisites(db: Database, planId: number) {
  const rows = await db
    .select({ topicId: topicPrerequisites.topicId, prerequisiteId: topicPrerequisites.prerequisiteId })
    .from(topicPrerequisites)
    .innerJoin(planTopics, eq(planTopics.id, topicPrerequisites.topicId))
    .where(eq(planTopics.planId, planId));
  const byTopic = new Map<number, number[]>();
  for (const row of rows) byTopic.set(row.topicId, [...(byTopic.get(row.topicId) ?? []), row.prerequisiteId]);
  return byTopic;
}

/**
 * Makes the prerequisites of the topics `topicIds` exactly `pairs` in one statement: pairs no longer wanted
 * are deleted, new ones added.
 */
export async function setTopicPrerequisites(
  db: Database,
  topicIds: number[],
  pairs: { topicId: number; prerequisiteId: number }[],
) {
  if (topicIds.length === 0) return;
  await db.execute(sql`with wanted as (
      select * from jsonb_to_recordset(${rowsOf(pairs)}) as v("topicId" int, "prerequisiteId" int)),
    dropped as (delete from ${topicPrerequisites} tp
      where tp.topic_id = any(${sql.param(topicIds)}::int[])
        and not exists (select 1 from wanted w
          where w."topicId" = tp.topic_id and w."prerequisiteId" = tp.prerequisite_id))
    insert into ${topicPrerequisites} (topic_id, prerequisite_id)
    select "topicId", "prerequisiteId" from wanted on conflict do nothing`);
}

export async function deleteTopics(db: Database, topicIds: number[]) {
  if (topicIds.length > 0) await db.delete(planTopics).where(anyId(planTopics.id, topicIds));
}

/** Adds resources in one statement; returns their ids. */
export async function insertResources(db: Database, resources: (ResourceColumns & { topicId: number })[]) {
  if (resources.length === 0) return [];
  const result = (await db.execute(sql`
    insert into plan_resources
      (topic_id, title, url, type, description, order_index, file_key, duration_minutes)
    select v."topicId", v."title", v."url", v."type", v."description", v."orderIndex", v."fileKey",
      v."durationMinutes"
    from jsonb_to_recordset(${rowsOf(resources)}) as v(
      "topicId" int, "title" text, "url" text, "type" text, "description" text, "orderIndex" int,
      "fileKey" text, "durationMinutes" int)
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

/** Rewrites resources (by id) in one statement; a resource stays on its topic. */
export async function updateResources(db: Database, resources: (ResourceColumns & { id: number })[]) {
  if (resources.length === 0) return;
  await db.execute(sql`
    update plan_resources as r
    set title = v."title", url = v."url", type = v."type", description = v."description",
      order_index = v."orderIndex", file_key = v."fileKey", duration_minutes = v."durationMinutes"
    from jsonb_to_recordset(${rowsOf(resources)}) as v(
      "id" int, "title" text, "url" text, "type" text, "description" text, "orderIndex" int,
      "fileKey" text, "durationMinutes" int)
    where r.id = v."id"`);
}

export async function deleteResources(db: Database, resourceIds: number[]) {
  if (resourceIds.length > 0) await db.delete(planResources).where(anyId(planResources.id, resourceIds));
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
 * Gives a resource its uploaded file (it becomes a PDF without a link) and returns the file it
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
  if (status === 'NOT_STARTED')
    await db
      .delete(topicProgress)
      .where(and(eq(topicProgress.userId, userId), eq(topicProgress.topicId, topicId)));
  else
    await db
      .insert(topicProgress)
      .values({ userId, topicId, status })
      .onConflictDoUpdate({
        target: [topicProgress.userId, topicProgress.topicId],
        set: { status, updatedAt: sql`now()` },
      });
  await forgetPartsAfterCommit(db, { users: [userId] });
}

/** Marks a resource completed (or not) for a user; returns whether anything changed. */
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
  await forgetPartsAfterCommit(db, { users: [userId] });
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

/** How many topics a plan has and how many of them the user has completed and skipped. */
export async function countPlanCompletions(db: Database, userId: number, planId: number) {
  const [row] = await db
    .select({
      total: count(planTopics.id),
      completed: sql<number>`count(*) filter (where ${topicProgress.status} = 'COMPLETED')`.mapWith(Number),
      skipped: sql<number>`count(*) filter (where ${topicProgress.status} = 'SKIPPED')`.mapWith(Number),
    })
    .from(planTopics)
    .leftJoin(topicProgress, and(eq(topicProgress.topicId, planTopics.id), eq(topicProgress.userId, userId)))
    .where(eq(planTopics.planId, planId));
  return { total: row?.total ?? 0, completed: row?.completed ?? 0, skipped: row?.skipped ?? 0 };
}
