import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * E-mail changes waiting for their confirmation link, mailed to the new address: single-use, short-lived,
 * kept only as a hash (like password_reset_tokens). The account keeps its address until one is used.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    /** sha256 of the token, hex. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the account moves to once the link is opened. */
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is used, or when another link of the same user is: a link works once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_tokens_user_id_idx').on(t.userId)],
);
