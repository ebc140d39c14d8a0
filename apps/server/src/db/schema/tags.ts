import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { learningPlans } from './plans.js';
import { posts } from './posts.js';
import { users } from './users.js';

/**
 * The tags people put on posts and plans, each name once (lowercase letters, digits and hyphens, as the
 * contract's `tagName` leaves it). `text_pattern_ops` lets the editor's suggestions read a prefix's range.
 */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
  },
  (t) => [index('tags_name_prefix_idx').on(t.name.op('text_pattern_ops'))],
);

/** The tags of a post: read by post (its card) and by tag (the tag page, the Following tab). */
export const postTags = pgTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /**
     * The post's `created_at`, copied by triggers (migration 0069) whatever writes the link or publishes
     * the post: the Following tab reads a followed tag's newest posts down `post_tags_tag_created_idx`.
     */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tagId] }),
    index('post_tags_tag_post_idx').on(t.tagId, t.postId),
    index('post_tags_tag_created_idx').on(
      t.tagId,
      t.createdAt.desc().nullsFirst(),
      t.postId.desc().nullsFirst(),
    ),
  ],
);

/** The tags of a learning plan, read both ways like the posts'. */
export const planTags = pgTable(
  'plan_tags',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => learningPlans.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.tagId] }),
    index('plan_tags_tag_plan_idx').on(t.tagId, t.planId),
  ],
);

/** The tags a user follows: their posts join the Following tab. Read by user, and by tag when one is gone. */
export const tagFollows = pgTable(
  'tag_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index('tag_follows_tag_id_idx').on(t.tagId)],
);
