import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as Rows<T>).rows;

/**
 * The API writes everything "now", so a community filled in a minute would have all happened a
 * minute ago. This stretches that minute over the last `days` days: every timestamp written since
 * `since` moves back in proportion to its age, so the order of events (a reply after its post, a like
 * after the follow) and the ids' order are kept. Timestamps not in that minute (expiries) are left.
 */
export async function spreadOverThePast(db: Database, since: Date, days: number) {
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and data_type = 'timestamp with time zone'`,
  );
  const until = await databaseNow(db);
  const stretch = (days * 86_400_000) / Math.max(1, until.getTime() - since.getTime());
  const [from, to] = [since.toISOString(), until.toISOString()];
  for (const { table, column } of columns) {
    const target = sql.identifier(column);
    await db.execute(sql`
      update ${sql.identifier(table)} set ${target} =
        ${to}::timestamptz - (${to}::timestamptz - ${target}) * ${stretch}::float8
      where ${target} between ${from}::timestamptz and ${to}::timestamptz`);
  }
}

/** The database's clock (what the API's writes are stamped with). */
export async function databaseNow(db: Database) {
  const [row] = await rowsOf<{ now: Date | string }>(db, sql`select now() as now`);
  return new Date(row!.now);
}
