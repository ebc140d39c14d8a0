import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Password reset links sent by e-mail: single-use, short-lived, kept only as a hash. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** sha256 of the token, hex: whoever reads the database cannot use a pending link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is used, or when another link of the same user is: a link works once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);
