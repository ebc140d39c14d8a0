import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { learningPlans } from '../../db/schema/index.js';
import { planVisibleTo } from '../../db/visibility.js';

/** The plan to copy when `viewerId` may see it; kept from being deleted until the transaction ends. */
export async function findCopyablePlan(db: Database, planId: number, viewerId: number) {
  const [row] = await db
    .select({ id: learningPlans.id, title: learningPlans.title, creatorId: learningPlans.creatorId })
    .from(learningPlans)
    .where(and(eq(learningPlans.id, planId), planVisibleTo(viewerId)))
    .for('key share');
  return row ?? null;
}

/**
 * A private copy of the plan for `creatorId`, remembering its original: the schedule (start and
 * target dates) is the copier's to choose, so it is left empty; its tags come along. The original's
 * template count is raised by the trigger of migration 0016.
 */
export async function insertPlanCopy(db: Database, planId: number, creatorId: number) {
  const result = (await db.execute(sql`
    with copy as (
      insert into learning_plans
        (creator_id, title, description, category, is_public, estimated_days,
          based_on_plan_id, based_on_title)
      select ${creatorId}::int, title, description, category, false, estimated_days, id, title
      from learning_plans where id = ${planId}::int
      returning id),
    tagged as (
      insert into plan_tags (plan_id, tag_id) select copy.id, t.tag_id from copy, plan_tags t
      where t.plan_id = ${planId}::int)
    select id from copy`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]!.id;
}

/**
 * Copies every topic of one plan to another, with their resources and prerequisites, in one statement
 * whatever their number. Topics are numbered 0, 1, 2… in their order, which also pairs each copy with
 * its source.
 * Uploaded files are not copied: a copied PDF resource waits for a file of its own, so deleting
 * either plan can never remove a file the other uses.
 */
export async function copyPlanItems(db: Database, fromPlanId: number, toPlanId: number) {
  await db.execute(sql`
    with source as (
      select id, title, description,
        (row_number() over (order by order_index, id) - 1)::int as position
      from plan_topics where plan_id = ${fromPlanId}::int
    ), copied as (
      insert into plan_topics (plan_id, title, description, order_index)
      select ${toPlanId}::int, title, description, position from source
      returning id, order_index
    ), linked as (
      insert into topic_prerequisites (topic_id, prerequisite_id)
      select needing.id, needed.id
      from topic_prerequisites tp
      join source s_topic on s_topic.id = tp.topic_id
      join copied needing on needing.order_index = s_topic.position
      join source s_needed on s_needed.id = tp.prerequisite_id
      join copied needed on needed.order_index = s_needed.position
    )
    insert into plan_resources
      (topic_id, title, url, type, description, order_index, file_key, duration_minutes)
    select copied.id, r.title, r.url, r.type, r.description, r.order_index, null, r.duration_minutes
    from plan_resources r
    join source on source.id = r.topic_id
    join copied on copied.order_index = source.position`);
}
