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
