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
    // With the recipient second, so that the few notifications a block, a mute or a moderator hides from
    // one person are found without reading everyone else's (notifications.queries.ts, `hiddenCount`).
    index('notifications_post_recipient_idx').on(t.postId, t.recipientId),
    index('notifications_comment_recipient_idx').on(t.commentId, t.recipientId),
    index('notifications_plan_recipient_idx').on(t.planId, t.recipientId),
    index('notifications_actor_recipient_idx').on(t.actorId, t.recipientId),
    // The "already notified?" look-up of every new notification (insertNotifications).
    index('notifications_dedupe_idx').on(t.recipientId, t.entityType, t.entityId, t.type, t.actorId),
  ],
);

/**
 * How many notifications each person has, and how many unread: the list's total and the bell's count are
 * asked on every page, and counting them grows with everything a person was ever notified of. Triggers
 * on `notifications` append each statement's changes to `notification_count_changes` (migrations 0068 and
 * 0070), which a job folds in here every minute; a read adds what is not folded yet. Appending takes no
 * lock another writer waits for, where updating these rows would have (and deadlocked two transactions
 * notifying the same two people in turn). What blocks, mutes and moderators hide is subtracted at read
 * time from the few rows it concerns.
 */
export const notificationCounts = pgTable('notification_counts', {
  recipientId: integer('recipient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  unread: integer('unread').notNull().default(0),
});

/**
 * Changes to `notification_counts` not folded in yet, one row per recipient and statement. No foreign
 * key: a deleted recipient's last changes are written as their notifications go, and the fold drops them.
 */
export const notificationCountChanges = pgTable(
  'notification_count_changes',
  {
    recipientId: integer('recipient_id').notNull(),
    total: integer('total').notNull(),
    unread: integer('unread').notNull(),
  },
  (t) => [index('notification_count_changes_recipient_idx').on(t.recipientId)],
);
