import type {
  NotificationDigest,
  NotificationStrangerRule,
  QuietHours,
  StoredNotificationPreferences,
} from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A person's notification preferences, written the first time they change one (no row: the defaults).
 * `types` holds only the switches they set, by type and channel ({"LIKE": {"inApp": false}}), so a
 * type added later starts at its default; the insert of notifications reads it by primary key.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    types: jsonb('types').$type<StoredNotificationPreferences['types']>().notNull().default({}),
    digest: text('digest').$type<NotificationDigest>().notNull().default('WEEKLY'),
    fromPeopleYouDontFollow: text('from_people_you_dont_follow')
      .$type<NotificationStrangerRule>()
      .notNull()
      .default('ALLOW'),
    /** When no push is sent; null: never quiet. */
    quietHours: jsonb('quiet_hours').$type<QuietHours>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notification_preferences_digest', sql`${t.digest} in ('WEEKLY', 'DAILY', 'OFF')`),
    check('notification_preferences_strangers', sql`${t.fromPeopleYouDontFollow} in ('ALLOW', 'MUTE')`),
  ],
);

/**
 * When each person was last sent the e-mail digest. A batch claims its recipients by writing `sent_at`
 * in the statement that picks them, only where the row still holds the `sent_at` that statement read,
 * so two workers never mail one person twice in a period; `previous_sent_at` is where the next
 * digest's news start, and what a failed send is put back to.
 */
export const notificationDigests = pgTable('notification_digests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Null once a first digest's claim is given back after its send failed. */
  sentAt: timestamp('sent_at', { withTimezone: true }),
  previousSentAt: timestamp('previous_sent_at', { withTimezone: true }),
});
