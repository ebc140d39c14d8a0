import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many rows a table has, kept exact by statement triggers on that table (migration 0006), for
 * totals a hot list answers with every page: counting them would read the whole table each time.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
});
