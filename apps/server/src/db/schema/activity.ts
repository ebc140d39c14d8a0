import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { learningPlans, planResources, planTopics } from './plans.js';
import { comments, posts } from './posts.js';
import { users } from './users.js';

/**
 * What a user did, newest first on their profile, and the history analytics are computed from.
 * Titles are kept as they were, so the history survives topic and resource edits.
 */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** LEARNING_PROGRESS, TOPIC_COMPLETED, RESOURCE_COMPLETED, POST_LIKE, POST_COMMENT or FOLLOW_USER. */
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    planId: integer('plan_id').references(() => learningPlans.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id').references(() => planTopics.id, { onDelete: 'set null' }),
    topicTitle: text('topic_title'),
    resourceId: integer('resource_id').references(() => planResources.id, { onDelete: 'set null' }),
    resourceTitle: text('resource_title'),
    /** Minutes of study a completed resource represents (its duration when completed). */
    minutes: integer('minutes'),
    progressPercentage: smallint('progress_percentage'),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    followedUserId: integer('followed_user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('activities_user_occurred_at_idx').on(
      t.userId,
      t.occurredAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('activities_user_type_occurred_at_idx').on(t.userId, t.type, t.occurredAt.desc().nullsFirst()),
    // Analytics: the plans a user acted on, and their first and latest actions on each.
    index('activities_user_plan_occurred_at_idx').on(t.userId, t.planId, t.occurredAt),
    index('activities_plan_idx').on(t.planId),
    // Explore's "Most learned this month": this month's progress on plans, read by date.
    index('activities_occurred_at_plan_idx')
      .on(t.occurredAt, t.planId, t.userId)
      .where(sql`${t.planId} is not null`),
    index('activities_post_idx').on(t.postId),
    index('activities_comment_idx').on(t.commentId),
    index('activities_followed_user_idx').on(t.followedUserId),
    // Deleting a topic or resource sets these to null: without an index each delete scans the table.
    index('activities_topic_idx').on(t.topicId),
    index('activities_resource_idx').on(t.resourceId),
  ],
);
