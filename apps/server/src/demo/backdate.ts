import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as Rows<T>).rows;

const DAY_MS = 86_400_000;

/** When the demo's members had joined and followed each other (`settled`), between `since` and now. */
export interface FillTimes {
  since: Date;
  settled: Date;
}

/**
 * The API writes everything "now", so a community filled in a minute would have all happened a
 * minute ago. This stretches that minute over the last `days` days, in two parts: joining and following
 * (`since` to `settled`) become the history's first `setupDays`, all that followed the rest of it,
 * however long each part took to run on a busy machine. Every timestamp moves back in proportion to
 * its age within its part, so the order of events (a reply after its post, a like after the follow)
 * and the ids' order are kept. Timestamps outside the fill (expiries) are left.
 */
export async function spreadOverThePast(
  db: Database,
  { since, settled }: FillTimes,
  days: number,
  setupDays: number,
) {
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and data_type = 'timestamp with time zone'`,
  );
  const until = await databaseNow(db);
  const historyStart = new Date(until.getTime() - days * DAY_MS);
  const activityStart = new Date(historyStart.getTime() + setupDays * DAY_MS);
  const stretch = (span: number, from: Date, to: Date) =>
    (span * DAY_MS) / Math.max(1, to.getTime() - from.getTime());
  const [setupStretch, activityStretch] = [
    stretch(setupDays, since, settled),
    stretch(days - setupDays, settled, until),
  ];
  const iso = (date: Date) => date.toISOString();
  for (const { table, column } of columns) {
    const target = sql.identifier(column);
    await db.execute(sql`
      update ${sql.identifier(table)} set ${target} = case
        when ${target} < ${iso(settled)}::timestamptz
          then ${iso(historyStart)}::timestamptz
            + (${target} - ${iso(since)}::timestamptz) * ${setupStretch}::float8
        else ${iso(activityStart)}::timestamptz
          + (${target} - ${iso(settled)}::timestamptz) * ${activityStretch}::float8
      end
      where ${target} between ${iso(since)}::timestamptz and ${iso(until)}::timestamptz`);
  }
}

/** The database's clock (what the API's writes are stamped with). */
export async function databaseNow(db: Database) {
  const [row] = await rowsOf<{ now: Date | string }>(db, sql`select now() as now`);
  return new Date(row!.now);
}
