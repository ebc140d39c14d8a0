import type { ModerationAction, ReportReason, ReportTargetType } from '@pathwise/contract';
import { and, count, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { remoteAuthorShownTo, shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { visibleComment } from '../../db/moderation-state.js';
import {
  comments,
  learningPlans,
  moderationActions,
  posts,
  remoteActors,
  reports,
  studyGroupMembers,
  studyGroupPosts,
  studyGroups,
  users,
} from '../../db/schema/index.js';
import { groupShownTo, planVisibleTo, visiblePost } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

type Window = { limit: number; offset: number };

/** What a report is about, as `findReportTarget` answers it. */
export type ReportTarget = {
  ownerId: number | null;
  visible: boolean;
  /**
   * Someone on another server (a REMOTE_ACCOUNT, or the author of a comment from there): their actor,
   * and the comment's ActivityPub id.
   */
  remote: { actorUri: string; objectUri: string | null } | null;
};

type TargetRow = Omit<ReportTarget, 'remote'> & { actorUri?: string | null; objectUri?: string | null };

/**
 * Who made the target, and whether `viewerId` may see it; null when there is no such target. What a
 * block or a suspension hides is not visible, so reporting it answers as a missing target does.
 */
export async function findReportTarget(
  db: Database,
  type: ReportTargetType,
  id: number,
  viewerId: number,
): Promise<ReportTarget | null> {
  const shown = (author: SQLWrapper) => shownTo(viewerId, author, { muted: false });
  const rows: TargetRow[] =
    type === 'POST'
      ? await db
          .select({
            ownerId: posts.authorId,
            visible: sql<boolean>`${visiblePost(viewerId)} and ${shown(posts.authorId)}`,
          })
          .from(posts)
          .where(eq(posts.id, id))
      : type === 'COMMENT'
        ? await db
            .select({
              ownerId: comments.authorId,
              visible: sql<boolean>`${visibleComment(viewerId)} and ${visiblePost(viewerId)}
                and ${shown(comments.authorId)} and ${shown(posts.authorId)}
                and ${remoteAuthorShownTo(viewerId, comments.remoteActorId)}`,
              actorUri: remoteActors.uri,
              objectUri: comments.remoteUri,
            })
            .from(comments)
            .innerJoin(posts, eq(posts.id, comments.postId))
            .leftJoin(remoteActors, eq(remoteActors.id, comments.remoteActorId))
            .where(eq(comments.id, id))
        : type === 'LEARNING_PLAN'
          ? await db
              .select({
                ownerId: learningPlans.creatorId,
                visible: planVisibleTo(viewerId),
              })
              .from(learningPlans)
              .where(eq(learningPlans.id, id))
          : type === 'USER'
            ? await db
                .select({ ownerId: users.id, visible: sql<boolean>`${users.suspendedAt} is null` })
                .from(users)
                .where(eq(users.id, id))
            : type === 'REMOTE_ACCOUNT'
              ? await db
                  .select({
                    ownerId: sql<null>`null`,
                    visible: sql<boolean>`true`,
                    actorUri: remoteActors.uri,
                  })
                  .from(remoteActors)
                  .where(eq(remoteActors.id, id))
              : await findGroupTarget(db, type, id, viewerId);
  const [row] = rows;
  if (!row) return null;
  const { actorUri, objectUri, ...target } = row;
  return { ...target, remote: actorUri ? { actorUri, objectUri: objectUri ?? null } : null };
}

/**
 * A study group as its founder's, seen by those it is listed to (public, or invite-only with them in
 * it); a post of its discussion as its author's, seen by the members who see its author.
 */
async function findGroupTarget(db: Database, type: 'GROUP' | 'GROUP_POST', id: number, viewerId: number) {
  const result = (await db.execute(
    type === 'GROUP'
      ? sql`select g.founder_id as "ownerId", ${groupShownTo(viewerId)}
            and (not g.invite_only or me.user_id is not null) as visible
          from ${studyGroups} g join learning_plans p on p.id = g.plan_id
          left join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewerId}
          where g.id = ${id}`
      : sql`select gp.author_id as "ownerId", ${groupShownTo(viewerId)} and me.user_id is not null
            and ${shownTo(viewerId, sql.raw('gp.author_id'), { muted: false })} as visible
          from ${studyGroupPosts} gp join ${studyGroups} g on g.id = gp.group_id
          join learning_plans p on p.id = g.plan_id
          left join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewerId}
          where gp.id = ${id}`,
  )) as unknown as { rows: { ownerId: number; visible: boolean }[] };
  return result.rows;
}

const TARGET_COLUMN = {
  POST: 'postId',
  COMMENT: 'commentId',
  LEARNING_PLAN: 'planId',
  USER: 'reportedUserId',
  GROUP: 'groupId',
  GROUP_POST: 'groupPostId',
  REMOTE_ACCOUNT: 'remoteActorId',
} as const;

/**
 * Files the report and returns its id; a second open report of the same target by the same person
 * changes nothing and returns the first one's (`isNew` false), with whether a copy of it was forwarded.
 */
export async function insertReport(
  db: Database,
  report: {
    reporterId: number;
    targetType: ReportTargetType;
    targetId: number;
    reason: ReportReason;
    details: string;
  },
): Promise<{ id: number; isNew: boolean; forwarded: boolean }> {
  const target = reports[TARGET_COLUMN[report.targetType]];
  const [inserted] = await db
    .insert(reports)
    .values({
      reporterId: report.reporterId,
      targetType: report.targetType,
      [TARGET_COLUMN[report.targetType]]: report.targetId,
      reason: report.reason,
      details: report.details,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted) return { id: inserted.id, isNew: true, forwarded: false };
  const [open] = await db
    .select({ id: reports.id, forwarded: sql<boolean>`${reports.forwardedAt} is not null` })
    .from(reports)
    .where(
      and(eq(reports.reporterId, report.reporterId), eq(target, report.targetId), eq(reports.status, 'OPEN')),
    );
  return { ...open!, isNew: false };
}

/** Records that an anonymous copy of the report went to the reported person's server. */
export async function markReportForwarded(db: Database, reportId: number) {
  await db.update(reports).set({ forwardedAt: sql`now()` }).where(eq(reports.id, reportId));
}

/**
 * Files the reports another server sent (its `Flag`): no reporter here, the server's host instead, one
 * report per target, in one statement.
 */
export async function insertReceivedReports(
  db: Database,
  received: {
    fromServer: string;
    details: string;
    targets: { targetType: 'POST' | 'COMMENT' | 'LEARNING_PLAN' | 'USER'; targetId: number }[];
  },
) {
  if (received.targets.length === 0) return;
  await db.insert(reports).values(
    received.targets.map((target) => ({
      fromServer: received.fromServer,
      targetType: target.targetType,
      [TARGET_COLUMN[target.targetType]]: target.targetId,
      reason: 'OTHER',
      details: received.details,
    })),
  );
}

export async function emailOf(db: Database, userId: number) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export type ReportRow = {
  id: number;
  targetType: ReportTargetType;
  targetId: number | null;
  targetSummary: string | null;
  targetPath: string | null;
  targetHiddenAt: string | null;
  targetHiddenReason: string | null;
  /** The person of another server reported, or who wrote the comment reported. */
  targetRemote: { handle: string; profileUrl: string } | null;
  reason: ReportReason;
  details: string;
  status: 'OPEN' | 'RESOLVED' | 'DISMISSED';
  reporter: { id: number; name: string; profilePicture: string | null } | null;
  fromServer: string | null;
  forwarded: boolean;
  createdAt: string;
  closedAt: string | null;
  closedBy: { id: number; name: string; profilePicture: string | null } | null;
  note: string;
};

/**
 * One page of the queue and its total: two statements whatever the page holds. Open reports oldest
 * first (the longest waiting on top), closed ones most recently closed first.
 */
export async function selectReportPage(db: Database, open: boolean, window: Window) {
  const statusCondition = open ? sql`r.status = 'OPEN'` : sql`r.status <> 'OPEN'`;
  const order = open ? sql`r.created_at, r.id` : sql`r.closed_at desc, r.id desc`;
  const [totalResult, pageResult] = await Promise.all([
    db.execute(sql`select count(*)::int as total from ${reports} r where ${statusCondition}`),
    db.execute(sql`select r.id, r.target_type as "targetType",
        coalesce(r.post_id, r.comment_id, r.plan_id, r.reported_user_id, r.group_id, r.group_post_id,
          r.remote_actor_id) as "targetId",
        coalesce(p.title, left(c.content, 140), lp.title, u.name, g.name, left(gp.content, 140), ra.name,
          ra.handle) as "targetSummary",
        case when p.id is not null then '/post/' || p.id
             when c.id is not null then '/post/' || c.post_id
             when lp.id is not null then '/learning-plan/' || lp.id
             when u.id is not null then '/profile/' || u.id
             when g.id is not null then '/groups/' || g.id
             when gp.id is not null then '/groups/' || gp.group_id end as "targetPath",
        coalesce(p.hidden_at, c.hidden_at, lp.hidden_at) as "targetHiddenAt",
        coalesce(p.hidden_reason, c.hidden_reason, lp.hidden_reason) as "targetHiddenReason",
        case when ra.id is not null then json_build_object('handle', ra.handle, 'profileUrl', ra.profile_url)
          end as "targetRemote",
        r.reason, r.details, r.status, r.note, r.from_server as "fromServer",
        r.forwarded_at is not null as forwarded,
        case when reporter.id is null then null
          else json_build_object('id', reporter.id, 'name', reporter.name,
            'profilePicture', reporter.profile_picture) end as reporter,
        r.created_at as "createdAt", r.closed_at as "closedAt",
        case when closer.id is null then null else json_build_object('id', closer.id, 'name', closer.name,
          'profilePicture', closer.profile_picture) end as "closedBy"
      from ${reports} r
      left join ${posts} p on p.id = r.post_id
      left join ${comments} c on c.id = r.comment_id
      left join ${learningPlans} lp on lp.id = r.plan_id
      left join ${users} u on u.id = r.reported_user_id
      left join ${studyGroups} g on g.id = r.group_id
      left join ${studyGroupPosts} gp on gp.id = r.group_post_id
      left join ${remoteActors} ra on ra.id = coalesce(r.remote_actor_id, c.remote_actor_id)
      left join ${users} reporter on reporter.id = r.reporter_id
      left join ${users} closer on closer.id = r.closed_by_id
      where ${statusCondition}
      order by ${order}
      limit ${literalLimit(window.limit)} offset ${window.offset}`),
  ]);
  const total = (totalResult as unknown as { rows: { total: number }[] }).rows[0]!.total;
  const rows = (pageResult as unknown as { rows: ReportRow[] }).rows;
  return { total, rows };
}

/** Closes an open report and records who did it, in one transaction; null when it was not open. */
export async function closeReport(
  db: Database,
  close: { reportId: number; moderatorId: number; outcome: 'RESOLVED' | 'DISMISSED'; note: string },
) {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(reports)
      .set({ status: close.outcome, closedAt: new Date(), closedById: close.moderatorId, note: close.note })
      .where(and(eq(reports.id, close.reportId), eq(reports.status, 'OPEN')))
      .returning({
        targetType: reports.targetType,
        targetId: sql<number | null>`coalesce(${reports.postId}, ${reports.commentId}, ${reports.planId},
          ${reports.reportedUserId}, ${reports.groupId}, ${reports.groupPostId}, ${reports.remoteActorId})`,
      });
    if (!closed) return null;
    await tx.insert(moderationActions).values({
      moderatorId: close.moderatorId,
      action: close.outcome === 'RESOLVED' ? 'REPORT_RESOLVED' : 'REPORT_DISMISSED',
      reportId: close.reportId,
      targetType: closed.targetType,
      targetId: closed.targetId,
      note: close.note,
    });
    return closed;
  });
}

export async function reportExists(db: Database, reportId: number) {
  const rows = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId));
  return rows.length > 0;
}

/** The moderators' log, newest first, and its total: two statements. */
export async function selectActionPage(db: Database, window: Window) {
  const [[totalRow], rows] = await Promise.all([
    db.select({ total: count() }).from(moderationActions),
    db
      .select({
        id: moderationActions.id,
        action: moderationActions.action,
        moderatorId: users.id,
        moderatorName: users.name,
        moderatorPicture: users.profilePicture,
        reportId: moderationActions.reportId,
        targetType: moderationActions.targetType,
        targetId: moderationActions.targetId,
        domain: moderationActions.domain,
        note: moderationActions.note,
        createdAt: moderationActions.createdAt,
      })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.moderatorId))
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(literalLimit(window.limit))
      .offset(window.offset),
  ]);
  return {
    total: totalRow?.total ?? 0,
    rows: rows as (Omit<(typeof rows)[number], 'action' | 'targetType'> & {
      action: ModerationAction['action'];
      targetType: ModerationAction['targetType'];
    })[],
  };
}
