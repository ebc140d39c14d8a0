import type { NotificationEntityType, NotificationType } from '@pathwise/contract';
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hiddenFrom, shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { follows, learningPlans, notifications, users } from '../../db/schema/index.js';
import { literalLimit } from '../../lib/pagination.js';

/** The one PostgreSQL channel every server process LISTENs on; payloads are `LiveSignal` JSON. */
export const NOTIFICATIONS_CHANNEL = 'pathwise_notifications';

/** What crosses processes: whose unread count changed, and the new notification if there is one. */
export type LiveSignal = { recipientId: number; notificationId?: number };

export type NewNotification = {
  type: NotificationType;
  actorId: number;
  message: string;
  entityType: NotificationEntityType;
  entityId: number;
  postId?: number | undefined;
  commentId?: number | undefined;
  planId?: number | undefined;
};

/** Which earlier notification keeps a new identical one from being written: an unread one, or any. */
export type Dedupe = 'unread' | 'ever';

export async function findUserName(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

/** Recipients, as a subquery with an `id` column. */
export const oneUser = (id: number): SQL =>
  sql`select ${users.id} as id from ${users} where ${users.id} = ${id}`;

/** The followers of `userId` whose id is in (afterId, upToId], all after `afterId` when `upToId` is null. */
export const followersBetween = (userId: number, afterId: number, upToId: number | null): SQL =>
  sql`select ${follows.followerId} as id from ${follows}
    where ${follows.followedId} = ${userId} and ${follows.followerId} > ${afterId}
    ${upToId === null ? sql`` : sql`and ${follows.followerId} <= ${upToId}`}`;

/** Whether the plan exists and is public; locks it, so it cannot turn private while it is announced. */
export async function lockPublicPlan(db: Database, planId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: learningPlans.id })
    .from(learningPlans)
    .where(and(eq(learningPlans.id, planId), eq(learningPlans.isPublic, true)))
    .for('share');
  return row !== undefined;
}

/**
 * The id of the `count`-th follower of `userId` after `afterId` (by id), where a batch of that many
 * ends; null when fewer are left. Reads the index (followed_id, follower_id).
 */
export async function followerBatchEnd(db: Database, userId: number, afterId: number, count: number) {
  const [row] = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followedId, userId), gt(follows.followerId, afterId)))
    .orderBy(follows.followerId)
    .offset(count - 1)
    .limit(1);
  return row?.id ?? null;
}

export const usersWithHandles = (handles: string[]): SQL =>
  sql`select ${users.id} as id from ${users} where ${users.handle} in (${sql.join(
    handles.map((handle) => sql`${handle}`),
    sql`, `,
  )})`;

/**
 * Writes one notification per recipient in one statement, skipping the actor, anyone who blocked the
 * actor, was blocked by them or muted them, and anyone who already has the same notification
 * (`dedupe`), and signals each one to every server process. NOTIFY is
 * delivered when the surrounding transaction commits, so a rolled-back cause announces nothing.
 */
export async function insertNotifications(
  db: Database,
  notice: NewNotification,
  recipients: SQL,
  dedupe: Dedupe,
): Promise<void> {
  const postId = notice.postId ?? null;
  const commentId = notice.commentId ?? null;
  const planId = notice.planId ?? null;
  await db.execute(sql`
    with inserted as (
      insert into ${notifications}
        (recipient_id, actor_id, type, message, entity_type, entity_id, post_id, comment_id, plan_id)
      select distinct recipient.id, ${notice.actorId}::integer, ${notice.type}::text, ${notice.message}::text,
        ${notice.entityType}::text, ${notice.entityId}::integer, ${postId}::integer, ${commentId}::integer,
        ${planId}::integer
      from (${recipients}) as recipient
      where recipient.id <> ${notice.actorId}
        and not ${hiddenFrom(sql`recipient.id`, sql`${notice.actorId}::integer`, { muted: true })}
        and not exists (
          select 1 from ${notifications} earlier
          where earlier.recipient_id = recipient.id
            and earlier.type = ${notice.type}
            and earlier.actor_id = ${notice.actorId}
            and earlier.entity_type = ${notice.entityType}
            and earlier.entity_id = ${notice.entityId}
            and earlier.post_id is not distinct from ${postId}::integer
            and earlier.comment_id is not distinct from ${commentId}::integer
            and earlier.plan_id is not distinct from ${planId}::integer
            ${dedupe === 'unread' ? sql`and not earlier.is_read` : sql``}
        )
      returning id, recipient_id
    )
    select pg_notify(${NOTIFICATIONS_CHANNEL},
      json_build_object('recipientId', recipient_id, 'notificationId', id)::text)
    from inserted`);
}

/** Tells every server process that the recipient's unread count changed (sent on commit). */
export async function signalUnreadCount(db: Database, recipientId: number): Promise<void> {
  const signal: LiveSignal = { recipientId };
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(signal)})`);
}

const actors = alias(users, 'actor');

const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  entityType: notifications.entityType,
  entityId: notifications.entityId,
  actorId: actors.id,
  actorName: actors.name,
  actorPicture: actors.profilePicture,
};

const selectNotifications = (db: Database) =>
  db.select(notificationColumns).from(notifications).leftJoin(actors, eq(actors.id, notifications.actorId));
export type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

/** The recipient's notifications but those from users they blocked, were blocked by or muted (made before that). */
const ownedBy = (recipientId: number, unreadOnly: boolean) =>
  and(
    eq(notifications.recipientId, recipientId),
    shownTo(recipientId, notifications.actorId, { muted: true }),
    unreadOnly ? eq(notifications.isRead, false) : undefined,
  );

/**
 * One page of the recipient's notifications, newest first, with their actors, each row with `total`
 * (how many there are in all): one round trip. An empty page has no row to carry the total.
 */
export function listNotifications(
  db: Database,
  recipientId: number,
  unreadOnly: boolean,
  window: { limit: number; offset: number },
) {
  return db
    .select({ ...notificationColumns, total: db.$count(notifications, ownedBy(recipientId, unreadOnly)) })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(ownedBy(recipientId, unreadOnly))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(literalLimit(window.limit))
    .offset(window.offset);
}

export async function countNotifications(db: Database, recipientId: number, unreadOnly: boolean) {
  const [row] = await db
    .select({ total: sql`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(ownedBy(recipientId, unreadOnly));
  return row?.total ?? 0;
}

/** The id of the recipient's newest notification (0 when none) and how many are unread: one statement. */
export async function notificationSummary(db: Database, recipientId: number) {
  const [row] = await db
    .select({
      latestId: sql`coalesce(max(${notifications.id}), 0)`.mapWith(Number),
      unread: sql`count(*) filter (where not ${notifications.isRead})`.mapWith(Number),
    })
    .from(notifications)
    .where(ownedBy(recipientId, false));
  return { latestId: row?.latestId ?? 0, unread: row?.unread ?? 0 };
}

/** The recipient's notifications created after `afterId` (a stream reconnecting), oldest first. */
export function listNotificationsAfter(db: Database, recipientId: number, afterId: number, limit: number) {
  return selectNotifications(db)
    .where(and(ownedBy(recipientId, false), gt(notifications.id, afterId)))
    .orderBy(notifications.id)
    .limit(literalLimit(limit));
}

/** One notification of `recipientId` with its actor, or null (missing, or someone else's). */
export async function findNotification(db: Database, id: number, recipientId: number) {
  const [row] = await selectNotifications(db).where(
    and(eq(notifications.id, id), ownedBy(recipientId, false)),
  );
  return row ?? null;
}

/** Marks one of the recipient's notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: Database, id: number, recipientId: number): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllRead(db: Database, recipientId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)));
}
