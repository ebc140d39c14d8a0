import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { learningPlans } from './plans.js';
import { comments, posts } from './posts.js';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    /** One of the contract's NOTIFICATION_TYPES (LIKE, COMMENT, COMMENT_REPLY, FOLLOW…). */
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** What the notification links to: post, comment, user or learning-plan, and its id. */
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    // The things a notification points at: deleting one removes its notifications.
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => learningPlans.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_created_at_idx').on(
      t.recipientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_recipient_unread_idx').on(t.recipientId).where(sql`${t.isRead} = false`),
    index('notifications_post_idx').on(t.postId),
    index('notifications_comment_idx').on(t.commentId),
    index('notifications_plan_idx').on(t.planId),
    index('notifications_actor_idx').on(t.actorId),
    // The "already notified?" look-up of every new notification (insertNotifications).
    index('notifications_dedupe_idx').on(t.recipientId, t.entityType, t.entityId, t.type, t.actorId),
  ],
);
