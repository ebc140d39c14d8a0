import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * People of other servers who did something here (liked or shared a post, replied to one), as their
 * actor document described them when they last did: one row per actor, with a local id the rows about
 * them name.
 */
export const remoteActors = pgTable('remote_actors', {
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
