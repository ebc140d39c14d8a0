import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Who blocked whom. A block hides each side's content from the other (read queries ask
 * `db/block-state.ts`), so both directions are looked up: the primary key from the blocker, the
 * reverse index from the blocked.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_blocker_idx').on(t.blockedId, t.blockerId),
    index('blocks_blocker_created_at_idx').on(t.blockerId, t.createdAt.desc().nullsFirst()),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Who muted whom: the muted user's posts and notifications are hidden from the muter only. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: integer('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: integer('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    // Deleting an account deletes the mutes of it: that cascade looks rows up by the muted side.
    index('mutes_muted_idx').on(t.mutedId),
    index('mutes_muter_created_at_idx').on(t.muterId, t.createdAt.desc().nullsFirst()),
    check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`),
  ],
);
