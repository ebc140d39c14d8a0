import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: integer('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followedId] }),
    index('follows_followed_created_at_idx').on(t.followedId, t.createdAt.desc().nullsFirst()),
    index('follows_follower_created_at_idx').on(t.followerId, t.createdAt.desc().nullsFirst()),
    // Background fan-out walks a user's followers in id order, a batch at a time.
    index('follows_followed_follower_idx').on(t.followedId, t.followerId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followedId}`),
  ],
);
