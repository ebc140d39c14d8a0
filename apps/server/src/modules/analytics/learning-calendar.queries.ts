import { LEARNING_CALENDAR_DAYS, type LearningCalendar } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { VISITOR_ID } from '../../db/user-privacy.js';
import { planColumnsOf, planVisibleTo } from '../../db/visibility.js';
import { learningTypes } from './learning-days.js';

/** Who asks, whose calendar, and the IANA zone its days are read in. */
export type CalendarRequest = { viewerId: number; userId: number; timeZone: string };

/**
 * `userId`'s learning activities per local day over the last `LEARNING_CALENDAR_DAYS` days, as `viewerId`
 * may see them, in one statement: null unless the viewer is the person, or the person shows their calendar,
 * to visitors only with a profile shown to visitors, and no block or suspension stands between them (as
 * their posts). Activities count on plans both may see, so a private plan counts for its owner alone.
 */
export async function selectLearningCalendar(
  db: Database,
  { viewerId, userId, timeZone }: CalendarRequest,
): Promise<LearningCalendar | null> {
  const plan = planColumnsOf('p');
  const { rows } = (await db.execute(sql`
    with person as (
      select u.id from users u
      where u.id = ${userId}
        and (u.id = ${viewerId} or (u.show_learning_calendar
          and (${viewerId}::int <> ${VISITOR_ID}::int or u.show_profile_to_visitors)
          and ${shownTo(viewerId, sql.raw('u.id'), { muted: false })}))),
    span as (
      select today - ${LEARNING_CALENDAR_DAYS - 1}::int as from_day, today as to_day,
        (today - ${LEARNING_CALENDAR_DAYS - 1}::int)::timestamp at time zone ${timeZone} as from_at
      from (select (now() at time zone ${timeZone})::date as today) now_here),
    per_day as (
      select (a.occurred_at at time zone ${timeZone})::date as day, count(*)::int as count
      from activities a
      join learning_plans p on p.id = a.plan_id
      cross join span
      where a.user_id = (select id from person) and a.type in (${learningTypes})
        and a.occurred_at >= span.from_at
        and ${planVisibleTo(viewerId, { plan })} and ${planVisibleTo(sql.raw('a.user_id'), { plan })}
      group by 1)
    select json_build_object(
      'days', coalesce((
        select json_agg(json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'count', count) order by day)
        from per_day where day <= span.to_day), '[]'),
      'total', (select coalesce(sum(count), 0)::int from per_day where day <= span.to_day),
      'from', to_char(span.from_day, 'YYYY-MM-DD'),
      'to', to_char(span.to_day, 'YYYY-MM-DD')) as result
    from person, span`)) as unknown as { rows: { result: LearningCalendar }[] };
  return rows[0]?.result ?? null;
}
