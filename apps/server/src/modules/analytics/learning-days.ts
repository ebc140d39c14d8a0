import { LEARNING_ACTIVITY_TYPES } from '@pathwise/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What a learning day and a streak are, written once: analytics' figures and the page of shared progress
 * both count them this way.
 */

/** The activity types that make a day a learning day (`a.type in (…)`). */
export const learningTypes = sql.join(
  LEARNING_ACTIVITY_TYPES.map((type) => sql`${type}`),
  sql`, `,
);

/**
 * Runs of consecutive learning days in `days`, a relation with a `day` date column of distinct days:
 * each run's length (`days`) and last day (`last_day`). Gaps and islands: consecutive days share
 * `day - row number`.
 */
export const learningStreaks = (days: SQL) => sql`
  select count(*) as days, max(day) as last_day
  from (select day, day - (row_number() over (order by day))::int as island from ${days}) runs
  group by island`;
