import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored files that no row refers to any more but whose delete failed (the store was unreachable):
 * the sweep retries them, so a failed delete never leaves an orphan behind.
 */
export const pendingFileDeletes = pgTable('pending_file_deletes', {
  key: text('key').primaryKey(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
});
