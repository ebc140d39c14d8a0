import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { markdownPlainText, SEARCH_INDEX_OPTIONS, searchDocument, tsvector } from './search-document.js';
import { users } from './users.js';

export const learningPlans = pgTable(
  'learning_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    estimatedDays: integer('estimated_days').notNull(),
    startDate: date('start_date'),
    targetCompletionDate: date('target_completion_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The plan this one was copied from ("Use as template"); null once that plan is deleted. */
    basedOnPlanId: integer('based_on_plan_id').references((): AnyPgColumn => learningPlans.id, {
      onDelete: 'set null',
    }),
    /**
     * The original's title when it was copied: set on every copy, so a copy whose original is gone still says
     * so.
     */
    basedOnTitle: text('based_on_title'),
    /** How many plans are based on this one; kept by the triggers of migration 0016. */
    templateUseCount: integer('template_use_count').notNull().default(0),
    /**
     * Set when a moderator hid it (docs/features.md, "Reports and moderation"): shown to its author only,
     * with the reason.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** Kept by PostgreSQL for search: title above description. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          searchDocument([learningPlans.title, 'A'], [markdownPlainText(learningPlans.description), 'B']),
      ),
  },
  (t) => [
    index('learning_plans_search_idx').using('gin', t.searchVector).with(SEARCH_INDEX_OPTIONS),
    index('learning_plans_public_created_at_idx').on(
      t.isPublic,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Popular plans (most used as a template) read a page off this index.
    index('learning_plans_public_template_use_idx').on(
      t.isPublic,
      t.templateUseCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('learning_plans_creator_created_at_idx').on(
      t.creatorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('learning_plans_based_on_plan_idx').on(t.basedOnPlanId),
    // Explore's "Most used as templates": the copies made lately, read by date without the originals.
    index('learning_plans_copied_created_at_idx')
      .on(t.createdAt, t.basedOnPlanId, t.creatorId)
      .where(sql`${t.basedOnPlanId} is not null`),
    index('learning_plans_hidden_creator_idx').on(t.creatorId).where(sql`${t.hiddenAt} is not null`),
  ],
);

export const planTopics = pgTable(
  'plan_topics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => learningPlans.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    orderIndex: integer('order_index').notNull(),
  },
  (t) => [index('plan_topics_plan_order_idx').on(t.planId, t.orderIndex)],
);

export const planResources = pgTable(
  'plan_resources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => planTopics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** A link, or null for an uploaded PDF (see fileKey). */
    url: text('url'),
    /** ARTICLE, VIDEO, COURSE, BOOK, PDF or OTHER. */
    type: text('type').notNull(),
    description: text('description'),
    orderIndex: integer('order_index').notNull(),
    /** Storage key of an uploaded PDF. */
    fileKey: text('file_key'),
    /** Estimated study time, counted by analytics when the resource is completed. */
    durationMinutes: integer('duration_minutes'),
  },
  (t) => [index('plan_resources_topic_order_idx').on(t.topicId, t.orderIndex)],
);

/**
 * A topic's prerequisites: topics of the same plan to learn first (the plans service refuses another plan's
 * topic and cycles). Gone with either topic.
 */
export const topicPrerequisites = pgTable(
  'topic_prerequisites',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => planTopics.id, { onDelete: 'cascade' }),
    prerequisiteId: integer('prerequisite_id')
      .notNull()
      .references(() => planTopics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.prerequisiteId] }),
    index('topic_prerequisites_prerequisite_idx').on(t.prerequisiteId),
  ],
);

/** Each user's own status of a topic (progress is per user); no row means NOT_STARTED. */
export const topicProgress = pgTable(
  'topic_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => planTopics.id, { onDelete: 'cascade' }),
    /** IN_PROGRESS, COMPLETED or SKIPPED. */
    status: text('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] }), index('topic_progress_topic_idx').on(t.topicId)],
);

/** A resource the user has completed (progress is per user); no row means not completed. */
export const resourceCompletions = pgTable(
  'resource_completions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => planResources.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resourceId] }),
    index('resource_completions_resource_idx').on(t.resourceId),
  ],
);

/**
 * A person sharing their progress on a plan (docs/features.md, "Sharing your progress"): off without a
 * row, so nothing is shared by default. Gone with the person or the plan.
 */
export const progressShares = pgTable(
  'progress_shares',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => learningPlans.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.planId] }), index('progress_shares_plan_idx').on(t.planId)],
);
