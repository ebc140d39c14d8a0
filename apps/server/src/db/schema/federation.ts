import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { posts } from './posts.js';
import { remoteActors } from './remote-actors.js';
import { users } from './users.js';

/**
 * The key pairs a person's ActivityPub actor signs with (modules/federation): made the first time another
 * server or a delivery needs them, one row per algorithm (RSA for Mastodon, Ed25519 for object proofs),
 * kept as JWKs. Deleting the account deletes them, and leaves a `departed_actors` row (migration trigger).
 */
export const actorKeys = pgTable(
  'actor_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `RSASSA-PKCS1-v1_5` or `Ed25519`. */
    algorithm: text('algorithm').notNull(),
    publicKey: jsonb('public_key').notNull(),
    privateKey: jsonb('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.algorithm] })],
);

/**
 * The key pairs of this server's own actor (the instance actor, an `Application`), which signs what the
 * server sends in no one's name: a report's `Flag`. One row per algorithm, as `actor_keys`.
 */
export const instanceActorKeys = pgTable('instance_actor_keys', {
  /** `RSASSA-PKCS1-v1_5` or `Ed25519`. */
  algorithm: text('algorithm').primaryKey(),
  publicKey: jsonb('public_key').notNull(),
  privateKey: jsonb('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * People of other servers who follow a person here, added by their `Follow`, removed by its `Undo`.
 * Deliveries read a person's rows by (user_id, id), in pages.
 */
export const remoteFollowers = pgTable(
  'remote_followers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The follower's actor id (a URL). */
    actorUri: text('actor_uri').notNull(),
    /** How the notification names them: their handle, `@name@host`. */
    handle: text('handle').notNull(),
    inboxUrl: text('inbox_url').notNull(),
    sharedInboxUrl: text('shared_inbox_url'),
    /** The id of the `Follow` they sent, which their `Undo` names. */
    followId: text('follow_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_followers_user_actor_key').on(t.userId, t.actorUri),
    index('remote_followers_user_id_idx').on(t.userId, t.id),
  ],
);

/**
 * People whose actor other servers knew (they had keys) and whose account was deleted: their actor
 * answers 410 Gone rather than 404, so other servers drop them. Written by a trigger on `actor_keys`.
 */
export const departedActors = pgTable('departed_actors', {
  userId: integer('user_id').primaryKey(),
  departedAt: timestamp('departed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fedify's key–value store (lib/fedify-kv-store.ts): remote documents and keys it cached, activities it
 * has already handled. A row past `expires_at` is as good as absent and is swept.
 */
export const fedifyKv = pgTable(
  'fedify_kv',
  {
    key: text('key').array().primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('fedify_kv_expires_at_idx').on(t.expiresAt)],
);

/**
 * A remote person's `Like` (kind LIKE) or `Announce` (kind ANNOUNCE, a share) of a post, one of each per
 * person and post; their `Undo` deletes it. Triggers (migration 0047) count them into the post's
 * `likes_count` (with the likes of people here) and `shares_count`.
 */
export const remotePostReactions = pgTable(
  'remote_post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    remoteActorId: integer('remote_actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    /** LIKE or ANNOUNCE. */
    kind: text('kind').notNull(),
    /** The id of their activity, which an `Undo` may name alone. */
    activityId: text('activity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.remoteActorId, t.kind] }),
    index('remote_post_reactions_actor_idx').on(t.remoteActorId, t.activityId),
  ],
);
