import { DEFAULT_NOTIFICATION_PREFERENCES, type NOTIFICATION_TYPES } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  notificationPreferences,
  notifications,
  planTopics,
  pushSubscriptions,
  studyGroupCheckIns,
  studyGroupMembers,
  studyGroups,
  users,
} from '../../db/schema/index.js';
import { planColumnsOf, planVisibleTo } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

const TYPE = 'GROUP_CHECK_IN' satisfies (typeof NOTIFICATION_TYPES)[number];
const DEFAULT_PUSH = DEFAULT_NOTIFICATION_PREFERENCES.types[TYPE].push;

/** One batch: how many check-ins it picked and claimed, and the notifications it wrote. */
export type CheckInBatch = {
  picked: number;
  claimed: number;
  made: { recipientId: number; notificationId: number; push: boolean }[];
};

/**
 * Claims and writes one batch of the weekly check-ins due on `today` (a date, UTC), in one statement:
 * for each member of a group with a start date and a pace, in the week `(today - start) / 7` of it, the
 * topics that week's pace expects (the plan's topics `week × pace` to `(week + 1) × pace − 1`, in order).
 * No check-in before the start, after the last topic, for a suspended member or one who may no longer see
 * the plan. The claim is the insert of (group, member, week) into `study_group_check_ins`, whose primary
 * key lets one statement win however many workers race: the losers insert nothing and notify no one. The
 * notification is written unless the member turned the kind off in the app; one claimed row a member.
 */
export async function claimCheckIns(db: Database, today: string, limit: number): Promise<CheckInBatch> {
  const result = (await db.execute(sql`with candidates as (
      select g.id as group_id, g.name, g.plan_id, m.user_id, g.topics_per_week as pace,
        ((${today}::date - g.start_date) / 7)::int as week
      from ${studyGroups} g
      join ${studyGroupMembers} m on m.group_id = g.id
      join learning_plans p on p.id = g.plan_id
      join ${users} u on u.id = m.user_id
      where g.start_date is not null and g.topics_per_week is not null and g.start_date <= ${today}::date
        and u.suspended_at is null
        and ${planVisibleTo(sql.raw('m.user_id'), { plan: planColumnsOf('p') })}
    ), due as (
      select c.*, (select string_agg(x.title, ', ' order by x.n) from (
          select t.title, row_number() over (order by t.order_index, t.id) - 1 as n
          from ${planTopics} t where t.plan_id = c.plan_id) x
        where x.n >= c.week * c.pace and x.n < (c.week + 1) * c.pace) as topics
      from candidates c
      where not exists (select 1 from ${studyGroupCheckIns} done
        where done.group_id = c.group_id and done.user_id = c.user_id and done.week = c.week)
    ), batch as (
      select * from due where topics is not null order by group_id, user_id
      limit ${literalLimit(limit)}
    ), claimed as (
      insert into ${studyGroupCheckIns} (group_id, user_id, week)
      select group_id, user_id, week from batch
      on conflict do nothing
      returning group_id, user_id
    ), made as (
      insert into ${notifications} (recipient_id, actor_id, type, message, entity_type, entity_id, plan_id)
      select b.user_id, null, ${TYPE}::text,
        'Week ' || (b.week + 1) || ' of "' || b.name || '": ' || b.topics, 'group', b.group_id, b.plan_id
      from claimed c join batch b on b.group_id = c.group_id and b.user_id = c.user_id
        left join ${notificationPreferences} pref on pref.user_id = b.user_id
      where (pref.types -> ${TYPE}::text ->> 'inApp') is distinct from 'false'
      returning recipient_id, id
    )
    select (select count(*) from batch)::int as picked, (select count(*) from claimed)::int as claimed,
      coalesce((select json_agg(json_build_object('recipientId', made.recipient_id,
          'notificationId', made.id,
          'push', coalesce((pref.types -> ${TYPE}::text ->> 'push')::boolean, ${DEFAULT_PUSH}::boolean)
            and exists (select 1 from ${pushSubscriptions} device where device.user_id = made.recipient_id)))
        from made left join ${notificationPreferences} pref on pref.user_id = made.recipient_id), '[]')
      as made`)) as unknown as { rows: CheckInBatch[] };
  return result.rows[0]!;
}
