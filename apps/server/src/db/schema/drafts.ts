import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { learningPlans } from './plans.js';
import { users } from './users.js';

/**
 * Drafts (docs/features.md, "Drafts"): what a post or plan editor holds before publishing, seen by its
 * writer only and gone with them. `fields` is the contract's draft fields of its `kind`, as JSON; the
 * Drafts page reads the writer's newest first through `drafts_user_updated_at_idx`. A plan draft with
 * `plan_id` holds changes to that plan of the writer's: one per plan (`drafts_plan_user_idx`, which also
 * finds it when the plan's editor opens), gone with the plan.
 */
export const drafts = pgTable(
  'drafts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['POST', 'PLAN'] }).notNull(),
    planId: integer('plan_id').references(() => learningPlans.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('drafts_user_updated_at_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    uniqueIndex('drafts_plan_user_idx').on(t.planId, t.userId),
    check('drafts_plan_kind_check', sql`${t.planId} is null or ${t.kind} = 'PLAN'`),
  ],
);
