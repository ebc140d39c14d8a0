import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { learningPlans } from './plans.js';
import { posts } from './posts.js';
import { users } from './users.js';

/** Posts a user bookmarked; gone with the post or the user. */
export const savedPosts = pgTable(
  'saved_posts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('saved_posts_user_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('saved_posts_post_id_idx').on(t.postId),
    // Explore's trending posts read the last days' saves off this index.
    index('saved_posts_created_at_idx').on(t.createdAt, t.postId),
  ],
);

/** Learning plans a user bookmarked; gone with the plan or the user. */
export const savedLearningPlans = pgTable(
  'saved_learning_plans',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => learningPlans.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.planId] }),
    index('saved_learning_plans_user_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('saved_learning_plans_plan_id_idx').on(t.planId),
  ],
);
