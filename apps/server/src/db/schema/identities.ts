import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Who a user is at an OpenID Connect provider: social sign-in finds the account by (provider, subject). */
export const userIdentities = pgTable(
  'user_identities',
  {
    /** Lowercased provider id, as in the sign-in URL: `google`, or one configured by OIDC_PROVIDERS. */
    provider: text('provider').notNull(),
    /** The provider's `sub` claim: stable for the person, unlike their e-mail address. */
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the provider gave when the identity was linked (for support; never used to sign in). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('user_identities_user_id_idx').on(t.userId),
  ],
);
