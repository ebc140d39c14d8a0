import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { learningPlans, planTopics } from './plans.js';
import { mediaColumns } from './posts.js';
import { SEARCH_INDEX_OPTIONS, searchDocument, tsvector } from './search-document.js';
import { users } from './users.js';

/**
 * Study groups (docs/features.md, "Study groups"): people learning one plan together. Deleting the plan
 * or the founder deletes the group.
 */
export const studyGroups = pgTable(
  'study_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => learningPlans.id, { onDelete: 'cascade' }),
    founderId: integer('founder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * Joined through the invite link only; otherwise anyone who may see the plan joins. Named apart from a
     * plan's public flag, which only db/visibility.ts reads.
     */
    inviteOnly: boolean('invite_only').notNull().default(false),
    /** The invite link's secret; null once an organiser revoked it. */
    inviteToken: text('invite_token'),
    startDate: date('start_date'),
    topicsPerWeek: integer('topics_per_week'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept by PostgreSQL for search: name above description. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => searchDocument([studyGroups.name, 'A'], [studyGroups.description, 'B'])),
  },
  (t) => [
    index('study_groups_search_idx').using('gin', t.searchVector).with(SEARCH_INDEX_OPTIONS),
    index('study_groups_plan_idx').on(t.planId),
    index('study_groups_founder_idx').on(t.founderId),
    uniqueIndex('study_groups_invite_token_idx').on(t.inviteToken).where(sql`${t.inviteToken} is not null`),
  ],
);

/** Who is in a group; the founder is an organiser from the start. */
export const studyGroupMembers = pgTable(
  'study_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ORGANISER or MEMBER (the founder is told apart by `study_groups.founder_id`). */
    role: text('role').notNull().default('MEMBER'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // "My groups" reads the viewer's memberships newest first; the board pages a group's members.
    index('study_group_members_user_joined_idx').on(t.userId, t.joinedAt.desc()),
    index('study_group_members_group_joined_idx').on(t.groupId, t.joinedAt),
  ],
);

/**
 * The people organisers removed from a group: joining again is refused (even with the invite link) until
 * an organiser lifts the removal. Leaving of one's own accord leaves no row.
 */
export const studyGroupRemovals = pgTable(
  'study_group_removals',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organiser who removed them; null once their account is gone (the removal stands). */
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // Organisers list a group's removals newest first; deleting an account finds its rows by either column.
    index('study_group_removals_group_removed_idx').on(t.groupId, t.removedAt.desc()),
    index('study_group_removals_user_idx').on(t.userId),
    index('study_group_removals_removed_by_idx').on(t.removedBy),
  ],
);

/**
 * A group's discussion, seen by its members only: posts, and replies to them (`parent_id`, one level).
 * Apart from `posts`, so no list of posts, feed or count can ever show them.
 */
export const studyGroupPosts = pgTable(
  'study_group_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The post this one replies to; null for a post. */
    parentId: integer('parent_id').references((): AnyPgColumn => studyGroupPosts.id, { onDelete: 'cascade' }),
    /** Markdown, stored as written. */
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The discussion pages the group's posts newest first; replies are read by their post.
    index('study_group_posts_group_created_idx')
      .on(t.groupId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    index('study_group_posts_parent_idx').on(t.parentId),
    index('study_group_posts_author_idx').on(t.authorId),
  ],
);

/** Images and short videos of a group post or reply, as a post's (`post_media`), in the order sent. */
export const studyGroupPostMedia = pgTable(
  'study_group_post_media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => studyGroupPosts.id, { onDelete: 'cascade' }),
    ...mediaColumns(),
  },
  (t) => [index('study_group_post_media_post_position_idx').on(t.postId, t.position)],
);

/**
 * The weekly check-ins sent (docs/features.md, "Study groups"): one row per member and week of the pace
 * (`week` 0 is the start date's), written by the claim that sends it, so no member is reminded twice
 * of one week however many workers run.
 */
export const studyGroupCheckIns = pgTable(
  'study_group_check_ins',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId, t.week] }),
    index('study_group_check_ins_user_idx').on(t.userId),
  ],
);

/**
 * The topics of a plan a member of a group on it finished, announced to their groups: once per person
 * and topic, the first time it is done, so marking it not done and done again announces nothing new.
 * Group pages show the lines of their members whose topic is still done.
 */
export const studyGroupTopicsDone = pgTable(
  'study_group_topics_done',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => planTopics.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => learningPlans.id, { onDelete: 'cascade' }),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topicId] }),
    // A group page reads its plan's lines newest first.
    index('study_group_topics_done_plan_idx').on(t.planId, t.doneAt.desc()),
    index('study_group_topics_done_topic_idx').on(t.topicId),
  ],
);
