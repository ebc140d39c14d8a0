import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * People of other servers who did something here (liked or shared a post, replied to one), as their
 * actor document described them when they last did: one row per actor, with a local id the rows about
 * them name.
 */
export const remoteActors = pgTable(
  'remote_actors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Their actor id (a URL). */
    uri: text('uri').notNull().unique('remote_actors_uri_key'),
    /** `@name@host`. */
    handle: text('handle').notNull(),
    name: text('name'),
    /** Their picture's address, on their server. */
    iconUrl: text('icon_url'),
    /** Their profile page (the actor's `url`), else their actor id. */
    profileUrl: text('profile_url').notNull(),
    /**
     * Their inbox and shared inbox, kept from a reply of theirs (never a private address): where a reply
     * to their comment goes. Null until they replied.
     */
    inboxUrl: text('inbox_url'),
    sharedInboxUrl: text('shared_inbox_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A post's `@name@server` mentions are found among them by their handle, as typed in any case.
  (table) => [index('remote_actors_handle_idx').on(sql`lower(${table.handle})`)],
);
