import type { SharedProgress } from '@pathwise/contract';
import { and, eq, sql } from 'drizzle-orm';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { progressShares } from '../../db/schema/index.js';
import { NOBODY, planColumnsOf, planVisibleTo } from '../../db/visibility.js';
import { learningStreaks, learningTypes } from '../analytics/index.js';

/** Whether `userId` shares their progress on the plan. */
export async function findProgressShare(db: Database, userId: number, planId: number): Promise<boolean> {
  const [row] = await db
    .select({ planId: progressShares.planId })
    .from(progressShares)
    .where(and(eq(progressShares.userId, userId), eq(progressShares.planId, planId)));
  return row !== undefined;
}

/** Turns sharing on (a row) or off (none); doing either twice changes nothing. */
export async function saveProgressShare(db: Database, userId: number, planId: number, shared: boolean) {
  if (shared) await db.insert(progressShares).values({ userId, planId }).onConflictDoNothing();
  else
    await db
      .delete(progressShares)
      .where(and(eq(progressShares.userId, userId), eq(progressShares.planId, planId)));
}

/** The page's figures before the percentage is worked out from the topics. */
export type SharedProgressRow = Omit<SharedProgress, 'percentage' | 'completedTopics' | 'skippedTopics'>;

/**
 * The shared page of `handle`'s progress on a plan, as `viewerId` may see it, in one statement: null unless
 * the person shares it, the plan is public and shown to the viewer and to the person (no block, suspension or
 * moderator's hiding in the way), and no block stands between the viewer and the person. The streak counts
 * the person's learning days (UTC) on public plans only, so a private plan tells nothing of itself.
 */
export async function selectSharedProgress(
  db: Database,
  viewerId: number,
  planId: number,
  handle: string,
): Promise<SharedProgressRow | null> {
  const plan = planColumnsOf('p');
  const { rows } = (await db.execute(sql`
    with person as (
      select u.id, u.name, u.handle, u.profile_picture
      from users u
      join progress_shares s on s.user_id = u.id and s.plan_id = ${planId}
      where u.handle = ${handle.toLowerCase()} and ${shownTo(viewerId, sql.raw('u.id'), { muted: false })}),
    shared_plan as (
      select p.id, p.title, p.description, p.category
      from learning_plans p, person
      where p.id = ${planId}
        and ${planVisibleTo(viewerId, { plan, publicOnly: true })}
        and ${planVisibleTo(sql.raw('person.id'), { plan, publicOnly: true })}),
    learning_days as (
      select distinct (a.occurred_at at time zone 'UTC')::date as day
      from activities a
      join learning_plans p on p.id = a.plan_id
      where a.user_id = (select id from person) and a.type in (${learningTypes})
        and ${planVisibleTo(NOBODY, { plan, publicOnly: true })}),
    streaks as (${learningStreaks(sql`learning_days`)})
    select json_build_object(
      'plan', json_build_object('id', sp.id, 'title', sp.title, 'description', sp.description,
        'category', sp.category),
      'person', json_build_object('id', person.id, 'name', person.name, 'handle', person.handle,
        'profilePicture', person.profile_picture),
      'streakDays', coalesce((
        select days from streaks
        where last_day >= (now() at time zone 'UTC')::date - 1), 0),
      'topics', coalesce((
        select json_agg(json_build_object(
          'id', t.id, 'title', t.title, 'status', coalesce(tp.status, 'NOT_STARTED'),
          'prerequisiteTopicIds', coalesce((
            select json_agg(pr.prerequisite_id order by pt.order_index, pt.id)
            from topic_prerequisites pr join plan_topics pt on pt.id = pr.prerequisite_id
            where pr.topic_id = t.id), '[]')) order by t.order_index, t.id)
        from plan_topics t
        left join topic_progress tp on tp.topic_id = t.id and tp.user_id = person.id
        where t.plan_id = sp.id), '[]')) as result
    from shared_plan sp, person`)) as unknown as { rows: { result: SharedProgressRow }[] };
  return rows[0]?.result ?? null;
}
