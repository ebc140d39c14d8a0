import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Drafts (docs/features.md, "Drafts"): what a post or plan editor holds before publishing, seen by its
 * writer only and gone with them. `fields` is the contract's draft fields of its `kind`, as JSON; the
 * Drafts page reads the writer's newest first through `drafts_user_updated_at_idx`.
 */
export const drafts = pgTable(
  'drafts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['POST', 'PLAN'] }).notNull(),
    fields: jsonb('fields').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drafts_user_updated_at_idx').on(t.userId, t.updatedAt.desc(), t.id.desc())],
);
