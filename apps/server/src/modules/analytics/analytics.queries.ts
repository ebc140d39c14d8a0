import { ANALYTICS_LIMITS, type Analytics, DEFAULT_RESOURCE_MINUTES } from '@pathwise/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { planColumnsOf, planVisibleTo } from '../../db/visibility.js';
import { learningStreaks, learningTypes } from './learning-days.js';

/**
 * All SQL of the analytics (definitions: packages/contract/src/analytics.ts): one statement that
 * answers one JSON document whatever the size of the history. PostgreSQL computes every figure;
 * the history is never loaded here. Each block below is a named part of its WITH list.
 */

/** The user and the range: local calendar days `startDate`…`endDate` in the IANA zone `tz`. */
export type AnalyticsWindow = { userId: number; startDate: string; endDate: string; tz: string };

/** Every block of the response except the plan list, which the plans feature answers for these ids. */
export type AnalyticsFigures = Omit<Analytics, 'learningPlans'> & { listedPlanIds: number[] };

/** Estimated minutes of a resource without a duration of its own, by its type (OTHER's when it is gone). */
const defaultMinutes = (resourceType: SQL) =>
  sql`case ${resourceType} ${sql.join(
    Object.entries(DEFAULT_RESOURCE_MINUTES).map(([type, minutes]) => sql`when ${type} then ${minutes}::int`),
    sql` `,
  )} else ${DEFAULT_RESOURCE_MINUTES.OTHER}::int end`;

/**
 * `counted`: the plans analytics are about — the user's own plans and the plans they tracked
 * progress on (a topic status, a completed resource or a learning activity) — that they may still
 * see. `tracked` finds the plans with activities with one index probe per plan (a skip scan over
 * activities_user_plan_occurred_at_idx), ending with a null. `bounds`: the range as instants.
 */
const countedPlans = ({ userId, startDate, endDate, tz }: AnalyticsWindow) => sql`
  tracked(plan_id) as (
    select min(plan_id) from activities where user_id = ${userId} and type in (${learningTypes})
    union all
    select (
      select min(a.plan_id) from activities a
      where a.user_id = ${userId} and a.plan_id > tracked.plan_id and a.type in (${learningTypes}))
    from tracked where tracked.plan_id is not null),
  counted as (
    select p.id, p.category, p.created_at
    from learning_plans p
    where ${planVisibleTo(userId, { plan: planColumnsOf('p') })}
      and p.id in (
        select id from learning_plans where creator_id = ${userId}
        union all
        select plan_id from tracked
        union all
        select t.plan_id from topic_progress tp join plan_topics t on t.id = tp.topic_id
        where tp.user_id = ${userId}
        union all
        select t.plan_id from resource_completions rc
        join plan_resources r on r.id = rc.resource_id
        join plan_topics t on t.id = r.topic_id
        where rc.user_id = ${userId})),
  bounds as (
    select ${startDate}::date::timestamp at time zone ${tz} as from_at,
      (${endDate}::date + 1)::timestamp at time zone ${tz} as to_at)`;

/**
 * `plan_state`: where the user stands now on each counted plan: topics, resources and completion
 * percentage (100 × completed topics ÷ topics not skipped, rounded to one decimal, as plan responses
 * give it).
 */
const planState = (userId: number) => sql`
  topic_counts as (
    select t.plan_id, count(*) as topics,
      count(tp.topic_id) filter (where tp.status = 'COMPLETED') as completed,
      count(*) - count(tp.topic_id) filter (where tp.status = 'SKIPPED') as countable
    from plan_topics t
    left join topic_progress tp on tp.topic_id = t.id and tp.user_id = ${userId}
      and tp.status in ('COMPLETED', 'SKIPPED')
    where t.plan_id in (select id from counted)
    group by t.plan_id),
  resource_counts as (
    select t.plan_id, count(*) as resources, count(rc.resource_id) as completed
    from plan_topics t
    join plan_resources r on r.topic_id = t.id
    left join resource_completions rc on rc.resource_id = r.id and rc.user_id = ${userId}
    where t.plan_id in (select id from counted)
    group by t.plan_id),
  plan_state as (
    select c.id, c.category, c.created_at,
      coalesce(tc.topics, 0) as topics, coalesce(tc.completed, 0) as completed_topics,
      coalesce(rn.resources, 0) as resources, coalesce(rn.completed, 0) as completed_resources,
      -- As the plans' completionPercentage: to the nearest tenth, 100 and 0 only when exactly so.
      case when coalesce(tc.countable, 0) = 0 or tc.completed = 0 then 0
        when tc.completed >= tc.countable then 100
        else least(greatest(round(tc.completed * 1000.0 / tc.countable) / 10, 0.1), 99.9) end
        as completion
    from counted c
    left join topic_counts tc on tc.plan_id = c.id
    left join resource_counts rn on rn.plan_id = c.id)`;

/** A RESOURCE_COMPLETED (`a`, joined to the user's standing completion `rc`) that still counts. */
const standingResource = sql`a.type = 'RESOURCE_COMPLETED'
  and (a.resource_id is null or a.occurred_at >= rc.completed_at)`;
/** A TOPIC_COMPLETED (`a`, joined to the user's status `tp` when COMPLETED) that still counts. */
const standingTopic = sql`a.type = 'TOPIC_COMPLETED'
  and (a.topic_id is null or a.occurred_at >= tp.updated_at)`;

/**
 * `grouped`: the user's learning actions on counted plans in the range, read once and counted two
 * ways: by local day and category, and by local hour of the day (`day` is null in the latter).
 * A completed resource or topic counts while it stays completed, on the day it was last completed;
 * one whose resource or topic no longer exists keeps its recorded completions. A completed resource
 * counts its recorded duration, else the default of its type. Then `per_day`, `streaks` (runs of
 * consecutive learning days, `learningStreaks`),
 * `weekdays`, `hours` and `categories` summarise it.
 */
const actionsInRange = ({ userId, tz }: AnalyticsWindow) => sql`
  grouped as materialized (
    select e.local_at::date as day, e.category, extract(hour from e.local_at)::int as hour,
      count(*) as actions,
      count(*) filter (where e.standing_resource) as resources,
      count(*) filter (where e.standing_topic) as topics,
      coalesce(sum(e.minutes) filter (where e.standing_resource), 0) as minutes
    from (
      select a.occurred_at at time zone ${tz} as local_at, c.category,
        ${standingResource} as standing_resource,
        ${standingTopic} as standing_topic,
        coalesce(a.minutes, ${defaultMinutes(sql`r.type`)}) as minutes
      from activities a
      join counted c on c.id = a.plan_id
      cross join bounds b
      left join resource_completions rc
        on a.type = 'RESOURCE_COMPLETED' and rc.user_id = a.user_id and rc.resource_id = a.resource_id
      left join topic_progress tp
        on a.type = 'TOPIC_COMPLETED' and tp.user_id = a.user_id and tp.topic_id = a.topic_id
        and tp.status = 'COMPLETED'
      left join plan_resources r
        on a.type = 'RESOURCE_COMPLETED' and a.minutes is null and r.id = a.resource_id
      where a.user_id = ${userId} and a.type in (${learningTypes})
        and a.occurred_at >= b.from_at and a.occurred_at < b.to_at
    ) e
    group by grouping sets ((e.local_at::date, e.category), (extract(hour from e.local_at)::int))),
  per_day as (
    select day, sum(actions) as actions, sum(resources) as resources, sum(topics) as topics,
      sum(minutes) as minutes
    from grouped where day is not null group by day),
  streaks as (${learningStreaks(sql`per_day`)}),
  weekdays as (
    select extract(isodow from day) as dow, to_char(day, 'FMDay') as name, sum(actions) as actions
    from per_day group by 1, 2),
  hours as (select hour, actions from grouped where day is null),
  categories as (
    select category, sum(actions) as actions, sum(minutes) as minutes
    from grouped where day is not null group by category)`;

/**
 * `completion_times`: for each counted plan that first reached 100 % in the range, the days from the
 * user's first learning action on it to that moment (index probes per plan, not a history scan).
 */
const completionTimes = (userId: number) => sql`
  completed_plans as (
    select distinct a.plan_id
    from activities a
    join counted c on c.id = a.plan_id
    cross join bounds b
    where a.user_id = ${userId} and a.type = 'LEARNING_PROGRESS' and a.progress_percentage = 100
      and a.occurred_at >= b.from_at and a.occurred_at < b.to_at),
  completion_times as (
    select extract(epoch from reached.at - started.at) / 86400 as days
    from completed_plans cp
    cross join lateral (
      select min(occurred_at) as at from activities
      where user_id = ${userId} and plan_id = cp.plan_id
        and type = 'LEARNING_PROGRESS' and progress_percentage = 100) reached
    cross join lateral (
      select min(occurred_at) as at from activities
      where user_id = ${userId} and plan_id = cp.plan_id and type in (${learningTypes})) started
    where reached.at >= (select from_at from bounds))`;

/**
 * `month_progress`: for each month touching the range, the mean completion percentage of the counted
 * plans that existed by its end (or the range's end, whichever comes first). A plan's percentage then
 * is the last one its LEARNING_PROGRESS activities recorded, 0 before the first: one index probe
 * per month and plan.
 */
const monthlyProgress = ({ userId, startDate, endDate, tz }: AnalyticsWindow) => sql`
  months as (
    select m as month,
      least(m + interval '1 month', (${endDate}::date + 1)::timestamp) at time zone ${tz} as until
    from generate_series(date_trunc('month', ${startDate}::date::timestamp), ${endDate}::date::timestamp,
      interval '1 month') m),
  month_progress as (
    select m.month, coalesce(round(avg(coalesce(recorded.progress, 0)) filter (where c.id is not null), 1), 0)
      as progress
    from months m
    left join counted c on c.created_at < m.until
    left join lateral (
      select a.progress_percentage as progress from activities a
      where a.user_id = ${userId} and a.plan_id = c.id and a.type = 'LEARNING_PROGRESS'
        and a.occurred_at < m.until
      order by a.occurred_at desc, a.id desc
      limit 1) recorded on true
    group by m.month)`;

/** The response: the blocks the dashboard shows, built from the parts above. */
const response = ({ startDate, endDate }: AnalyticsWindow) => sql`
  json_build_object(
    'summary', (
      select json_build_object(
        'totalLearningPlans', count(*),
        'completedLearningPlans', count(*) filter (where completion = 100),
        'inProgressLearningPlans', count(*) filter (where completion > 0 and completion < 100),
        'totalTopics', coalesce(sum(topics), 0),
        'completedTopics', coalesce(sum(completed_topics), 0),
        'totalResources', coalesce(sum(resources), 0),
        'completedResources', coalesce(sum(completed_resources), 0),
        'averageCompletionRate', coalesce(round(avg(completion), 1), 0),
        'learningDays', (select count(*) from per_day),
        'longestStreak', (select coalesce(max(days), 0) from streaks))
      from plan_state),
    'categoryStats', (
      select coalesce(json_agg(json_build_object(
        'category', category, 'count', plans, 'completionRate', rate) order by plans desc, category), '[]')
      from (select category, count(*) as plans, round(avg(completion), 1) as rate
        from plan_state group by category) s),
    'listedPlanIds', (
      select coalesce(json_agg(id order by completion desc, created_at desc, id desc), '[]')
      from (
        select id, completion, created_at from plan_state
        order by completion desc, created_at desc, id desc
        limit ${ANALYTICS_LIMITS.planListSize}) listed),
    'dailyActivity', (
      select json_agg(json_build_object(
        'date', to_char(d, 'YYYY-MM-DD'),
        'resourcesCompleted', coalesce(p.resources, 0),
        'topicsCompleted', coalesce(p.topics, 0),
        'minutesSpent', coalesce(p.minutes, 0)) order by d)
      from generate_series(${startDate}::date::timestamp, ${endDate}::date::timestamp, interval '1 day') d
      left join per_day p on p.day = d::date),
    'learningStats', json_build_object(
      'averageCompletionTime', (select round(avg(days), 1) from completion_times),
      'fastestCompletionTime', (select round(min(days), 1) from completion_times),
      'mostActiveDays', (
        select coalesce(json_agg(name order by dow), '[]') from weekdays
        where actions = (select max(actions) from weekdays)),
      'mostActiveHours', (
        select lpad(hour::text, 2, '0') || ':00 - ' || lpad(((hour + 1) % 24)::text, 2, '0') || ':00'
        from hours order by actions desc, hour limit 1),
      'topCategories', (
        select coalesce(json_agg(category order by actions desc, minutes desc, category), '[]')
        from (
          select * from categories order by actions desc, minutes desc, category
          limit ${ANALYTICS_LIMITS.topCategories}) top)),
    'timeByCategory', (
      select coalesce(json_agg(json_build_object('category', category, 'timeSpent', minutes)
        order by minutes desc, category), '[]')
      from categories where minutes > 0),
    'monthlyProgress', (
      select json_agg(json_build_object('date', to_char(month, 'YYYY-MM'), 'progress', progress)
          order by month)
      from month_progress))`;

export async function selectAnalytics(db: Database, window: AnalyticsWindow): Promise<AnalyticsFigures> {
  const { rows } = (await db.execute(sql`
    with recursive
    ${countedPlans(window)},
    ${planState(window.userId)},
    ${actionsInRange(window)},
    ${completionTimes(window.userId)},
    ${monthlyProgress(window)}
    select ${response(window)} as result`)) as unknown as { rows: { result: AnalyticsFigures }[] };
  return rows[0]!.result;
}
