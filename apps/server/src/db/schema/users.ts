import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Stored as typed (trimmed); uniqueness and look-ups are case-insensitive. */
    email: text('email').notNull(),
    /** argon2id hash; null for accounts created through social sign-in. */
    passwordHash: text('password_hash'),
    bio: text('bio'),
    location: text('location'),
    /** A storage key of ours (served under /api/media) or an absolute URL from an identity provider. */
    profilePicture: text('profile_picture'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);
