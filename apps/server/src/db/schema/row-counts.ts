import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many rows a table has (`posts`, migration 0006), or how many public plans there are
 * (`public_learning_plans`, migration 0012), kept exact by statement triggers on the counted table,
 * for totals a hot list answers with every page: counting them would read the whole table each time.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
});
