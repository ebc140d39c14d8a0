import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SEARCH_INDEX_OPTIONS, searchDocument, tsvector } from './search-document.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Stored as typed (trimmed); uniqueness and look-ups are case-insensitive. */
    email: text('email').notNull(),
    /** What others type after @ to mention the user: unique, generated from the name at sign-up. */
    handle: text('handle').notNull(),
    /** argon2id hash; null for accounts created through social sign-in. */
    passwordHash: text('password_hash'),
    bio: text('bio'),
    location: text('location'),
    /** A storage key of ours (served under /api/media) or an absolute URL from an identity provider. */
    profilePicture: text('profile_picture'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept exact by triggers on follows and posts (migration 0011): never counted per read. */
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    postsCount: integer('posts_count').notNull().default(0),
    /**
     * Every token carries the version it was signed at and is refused once this is higher: raised by
     * "Sign out everywhere" and by any password change or reset. Tokens without the claim count as 0.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * "Show my e-mail address to others": when false, every response about the user to someone else has
     * `email: null`. Off until the person turns it on: an address is theirs to share.
     */
    showEmail: boolean('show_email').notNull().default(false),
    /**
     * "Show my profile to visitors": whether people without an account may see the profile when the
     * instance has PUBLIC_READING on. Off until the person turns it on: nobody signed up expecting
     * their profile to be on the open web.
     */
    showProfileToVisitors: boolean('show_profile_to_visitors').notNull().default(false),
    /**
     * "Show my learning calendar on my profile": whether others see the heatmap of the person's learning
     * days. Off until the person turns it on; the owner always sees their own.
     */
    showLearningCalendar: boolean('show_learning_calendar').notNull().default(false),
    /**
     * Set by a moderator: the account cannot sign in and what it made is hidden from everyone
     * (db/block-state.ts).
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The moderator's reason, kept while suspended; also in the moderation log. */
    suspensionReason: text('suspension_reason'),
    /**
     * When the person hid the first steps of the home page ("Hide first steps"); null while shown. Kept on
     * the account, so the choice follows the person to every device.
     */
    firstStepsDismissedAt: timestamp('first_steps_dismissed_at', { withTimezone: true }),
    /** Kept by PostgreSQL for search: name above bio. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => searchDocument([users.name, 'A'], [users.bio, 'B'])),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    // People to suggest, most followed first (modules/feed): read in order, never sorted.
    index('users_followers_count_id_idx').on(t.followersCount.desc().nullsFirst(), t.id),
    index('users_search_idx').using('gin', t.searchVector).with(SEARCH_INDEX_OPTIONS),
    // Finds names typed with a typo ('jonh' finds John); needs the pg_trgm extension.
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with(SEARCH_INDEX_OPTIONS),
    uniqueIndex('users_handle_key').on(t.handle),
    // The few suspended accounts, read by every content query (db/block-state.ts) without touching the rest.
    index('users_suspended_idx').on(t.id).where(sql`${t.suspendedAt} is not null`),
    check('users_handle_format', sql`${t.handle} ~ '^[a-z0-9_]{3,30}$'`),
  ],
);
