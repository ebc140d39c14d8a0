import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Servers a moderator blocked (modules/reports, domain-blocks): activities from the domain and its
 * subdomains are refused at the inboxes and deliveries there dropped, their comments hidden and their
 * accounts not looked up; blocking removes its followers, their likes and shares, and follows of its
 * people from here. Each check looks a host up by its suffixes on the primary key.
 */
export const blockedDomains = pgTable('blocked_domains', {
  /** Lowercased, without a port: `spam.example` also covers `a.spam.example`. */
  domain: text('domain').primaryKey(),
  reason: text('reason').notNull().default(''),
  moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
