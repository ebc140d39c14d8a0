import { type SQL, sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { learningPlans, planResources, planTopics } from './plans.js';
import { markdownPlainText, SEARCH_INDEX_OPTIONS, searchDocument, tsvector } from './search-document.js';
import { users } from './users.js';

/**
 * Private notes (docs/features.md, "Private notes"): one per writer and topic, or per writer and resource,
 * seen by their writer only. Topic and resource ids survive plan edits, so notes do; deleting the topic,
 * resource, plan or writer deletes the note. `plan_id` and `topic_id` are those of the resource's topic
 * (resources never change topic, topics never change plan), so the plan page and the "My notes" page read
 * them without joins.
 */
export const notes = pgTable(
  'notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => learningPlans.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => planTopics.id, { onDelete: 'cascade' }),
    /** Null for a note on the topic itself. */
    resourceId: integer('resource_id').references(() => planResources.id, { onDelete: 'cascade' }),
    /** Markdown, stored as written. */
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => searchDocument([markdownPlainText(notes.content), 'A'])),
  },
  (t) => [
    uniqueIndex('notes_user_topic_idx').on(t.userId, t.topicId).where(sql`${t.resourceId} is null`),
    uniqueIndex('notes_user_resource_idx').on(t.userId, t.resourceId).where(sql`${t.resourceId} is not null`),
    index('notes_user_plan_idx').on(t.userId, t.planId),
    index('notes_plan_idx').on(t.planId),
    index('notes_topic_idx').on(t.topicId),
    index('notes_resource_idx').on(t.resourceId),
    index('notes_search_idx').using('gin', t.searchVector).with(SEARCH_INDEX_OPTIONS),
  ],
);
