import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit and failed sign-in counters shared by every server process on a PostgreSQL server.
 * UNLOGGED (in the migration): counters are worth no WAL, and losing them in a crash only resets limits.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
