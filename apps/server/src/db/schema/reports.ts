import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { studyGroupPosts, studyGroups } from './groups.js';
import { learningPlans } from './plans.js';
import { comments, posts } from './posts.js';
import { remoteActors } from './remote-actors.js';
import { users } from './users.js';

/**
 * What people reported to the moderators, here or (an ActivityPub `Flag`) on another server. The target
 * is one of seven references; each is set to null when its target is deleted, so the report (and what
 * was done about it) stays on record.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** POST, COMMENT, LEARNING_PLAN, USER, GROUP, GROUP_POST or REMOTE_ACCOUNT. */
    targetType: text('target_type').notNull(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    planId: integer('plan_id').references(() => learningPlans.id, { onDelete: 'set null' }),
    reportedUserId: integer('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => studyGroups.id, { onDelete: 'set null' }),
    groupPostId: integer('group_post_id').references(() => studyGroupPosts.id, { onDelete: 'set null' }),
    remoteActorId: integer('remote_actor_id').references(() => remoteActors.id, { onDelete: 'set null' }),
    /** The host of the server whose `Flag` this report is (no reporter here); null for reports made here. */
    fromServer: text('from_server'),
    /** When an anonymous `Flag` of it was sent to the reported person's server; null when none was. */
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** OPEN, RESOLVED or DISMISSED. */
    status: text('status').notNull().default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
  },
  (t) => [
    // The queue: open reports oldest first, closed ones newest first.
    index('reports_status_created_at_idx').on(t.status, t.createdAt),
    // One open report per reporter and target: reporting again changes nothing.
    uniqueIndex('reports_one_open_per_reporter_idx')
      .on(
        t.reporterId,
        t.targetType,
        sql`coalesce(${sql.join(
          [t.postId, t.commentId, t.planId, t.reportedUserId, t.groupId, t.groupPostId, t.remoteActorId],
          sql`, `,
        )})`,
      )
      .where(sql`${t.status} = 'OPEN'`),
    index('reports_post_id_idx').on(t.postId),
    index('reports_comment_id_idx').on(t.commentId),
    index('reports_plan_id_idx').on(t.planId),
    index('reports_reported_user_id_idx').on(t.reportedUserId),
    index('reports_group_id_idx').on(t.groupId),
    index('reports_group_post_id_idx').on(t.groupPostId),
    index('reports_remote_actor_id_idx').on(t.remoteActorId),
    index('reports_reporter_id_idx').on(t.reporterId),
    index('reports_closed_by_id_idx').on(t.closedById),
  ],
);

/** Every moderator action, with who, what and when; kept when the moderator or the report goes. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    /** REPORT_RESOLVED, POST_HIDDEN, SUSPENDED, DOMAIN_BLOCKED… (the contract's moderationAction). */
    action: text('action').notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    targetType: text('target_type').notNull(),
    /** The target's id when the action was taken (it may be gone since). */
    targetId: integer('target_id'),
    /** The server blocked or unblocked (DOMAIN_BLOCKED, DOMAIN_UNBLOCKED), which has no id here. */
    domain: text('domain'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created_at_idx').on(t.createdAt),
    index('moderation_actions_moderator_id_idx').on(t.moderatorId),
    index('moderation_actions_report_id_idx').on(t.reportId),
  ],
);
