import type { NotificationEntityType, NotificationGroupKey, NotificationType } from '@pathwise/contract';
import { and, desc, eq, gt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterCommit } from '../../db/after-commit.js';
import {
  hiddenFrom,
  hiddenUserIds,
  remoteActorRestrictedBy,
  shownTo,
  type UserRef,
} from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { hiddenContentIds, refersToVisibleContent } from '../../db/moderation-state.js';
import {
  follows,
  learningPlans,
  notificationCountChanges,
  notificationCounts,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  studyGroupMembers,
  studyGroups,
  users,
} from '../../db/schema/index.js';
import { groupShownTo } from '../../db/visibility.js';
import { literalLimit, preparedPerSize } from '../../lib/pagination.js';

/** The one PostgreSQL channel every server process LISTENs on; payloads are `LiveSignal` JSON. */
export const NOTIFICATIONS_CHANNEL = 'pathwise_notifications';

/** What crosses processes: whose unread count changed, and the new notification if there is one. */
export type LiveSignal = { recipientId: number; notificationId?: number };

export type NewNotification = {
  type: NotificationType;
  actorId: number;
  /** The message's text before and after the actor's name, which the insert reads from users. */
  message: { beforeActor: string; afterActor: string };
  entityType: NotificationEntityType;
  entityId: number;
  postId?: number | undefined;
  commentId?: number | undefined;
  planId?: number | undefined;
};

/** Which earlier notification keeps a new identical one from being written: an unread one, or any. */
export type Dedupe = 'unread' | 'ever';

/** Recipients, as a subquery with an `id` column. */
export const oneUser = (id: number): SQL =>
  sql`select ${users.id} as id from ${users} where ${users.id} = ${id}`;

/** The organisers of a study group, but `exceptId` (who joined). */
export const groupOrganisers = (groupId: number, exceptId: number): SQL =>
  sql`select ${studyGroupMembers.userId} as id from ${studyGroupMembers}
    where ${studyGroupMembers.groupId} = ${groupId} and ${studyGroupMembers.role} = 'ORGANISER'
      and ${studyGroupMembers.userId} <> ${exceptId}`;

/** The members of a study group, but `exceptId` (who acted). */
export const groupMembers = (groupId: number, exceptId: number): SQL =>
  sql`select ${studyGroupMembers.userId} as id from ${studyGroupMembers}
    where ${studyGroupMembers.groupId} = ${groupId} and ${studyGroupMembers.userId} <> ${exceptId}`;

/**
 * The members of a study group who may read its discussion (not suspended, the group shown to them as
 * its pages show it), all of them or those among `among` (recipients too).
 */
export const groupReaders = (groupId: number, among?: SQL): SQL =>
  sql`select m.user_id as id from ${studyGroupMembers} m
    join ${studyGroups} g on g.id = m.group_id
    join ${learningPlans} p on p.id = g.plan_id
    join ${users} u on u.id = m.user_id
    where m.group_id = ${groupId} and u.suspended_at is null and ${groupShownTo(sql.raw('m.user_id'))}
      ${among === undefined ? sql`` : sql`and m.user_id in (${among})`}`;

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
 * Tells every server process (each LISTENs on the channel) about `signals`, in one statement. Sent after
 * the cause's transaction commits (`afterCommit`), so a rolled-back cause announces nothing, and writes
 * are not made to commit one at a time (bench/RESULTS.md, "Write mix").
 */
export async function sendSignals(db: Database, signals: LiveSignal[]): Promise<void> {
  if (signals.length === 0) return;
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, signal::text)
    from json_array_elements(${JSON.stringify(signals)}::json) as signal`);
}

/**
 * Whether the recipient's preferences (`pref`, a row or nulls: the defaults) let the notification be
 * made: its type is on in the app, and it comes from someone they follow unless they allow everyone.
 * Both are primary-key look-ups per recipient.
 */
const allowedByPreferences = (notice: NewNotification): SQL => sql`(pref.user_id is null or (
    (pref.types -> ${notice.type}::text ->> 'inApp') is distinct from 'false'
    and (pref.from_people_you_dont_follow = 'ALLOW' or exists (
      select 1 from ${follows} f
      where f.follower_id = recipient.id and f.followed_id = ${notice.actorId}::integer
    ))
  ))`;

/** A new notification's signal, and whether it is to be pushed. */
type PushableSignal = Required<LiveSignal> & { push: boolean };

/**
 * Writes one notification per recipient in one statement (none when the actor's account is gone),
 * skipping the actor, anyone who blocked the actor, was blocked by them or muted them, anyone whose
 * notification preferences turn it off (`allowedByPreferences`), and anyone who already has the same
 * notification (`dedupe`), and signals each one to every server process once the transaction has
 * committed. Answers the new notifications to push: those whose recipient has a device and push on for
 * the type (`defaultPush` when they never set it).
 */
export async function insertNotifications(
  db: Database,
  notice: NewNotification,
  recipients: SQL,
  dedupe: Dedupe,
  defaultPush: boolean,
): Promise<number[]> {
  const postId = notice.postId ?? null;
  const commentId = notice.commentId ?? null;
  const planId = notice.planId ?? null;
  const inserted = (await db.execute(sql`
    with inserted as (
      insert into ${notifications}
        (recipient_id, actor_id, type, message, entity_type, entity_id, post_id, comment_id, plan_id)
      select distinct recipient.id, actor.id, ${notice.type}::text,
        ${notice.message.beforeActor}::text || actor.name || ${notice.message.afterActor}::text,
        ${notice.entityType}::text, ${notice.entityId}::integer, ${postId}::integer, ${commentId}::integer,
        ${planId}::integer
      from (${recipients}) as recipient
        cross join ${users} actor
        left join ${notificationPreferences} pref on pref.user_id = recipient.id
      where actor.id = ${notice.actorId} and recipient.id <> ${notice.actorId}
        and not ${hiddenFrom(sql`recipient.id`, sql`${notice.actorId}::integer`, { muted: true })}
        and ${allowedByPreferences(notice)}
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
      returning recipient_id, id
    )
    select inserted.recipient_id as "recipientId", inserted.id as "notificationId",
      coalesce((pref.types -> ${notice.type}::text ->> 'push')::boolean, ${defaultPush}::boolean)
        and exists (select 1 from ${pushSubscriptions} device where device.user_id = inserted.recipient_id)
        as "push"
    from inserted
      left join ${notificationPreferences} pref on pref.user_id = inserted.recipient_id`)) as unknown as {
    rows: PushableSignal[];
  };
  const signals = inserted.rows.map(({ recipientId, notificationId }) => ({ recipientId, notificationId }));
  await afterCommit(db, (pool) => sendSignals(pool, signals));
  return inserted.rows.filter((row) => row.push).map((row) => row.notificationId);
}

/**
 * A follow, a like of the recipient's post (`postId`) or a reply to it, from someone on another server
 * (who has no account here, so no actor row): `message` names them. Written unless the recipient turned
 * that kind off or mutes people they do not follow (they cannot follow anyone remote yet), nor while
 * the same one is still unread. Unread likes or comments of one post group with those from here.
 */
export async function insertRemoteNotification(
  db: Database,
  notice: {
    recipientId: number;
    /** Who on another server did it: nothing is said to a person who blocked or muted them. */
    actorUri: string;
    type: 'FOLLOW' | 'LIKE' | 'COMMENT' | 'COMMENT_REPLY';
    message: string;
    postId: number | null;
    /** A reply's comment, with which its notification goes. */
    commentId?: number;
  },
): Promise<void> {
  const { recipientId, actorUri, type, message, postId, commentId = null } = notice;
  const [entityType, entityId] = postId === null ? ['user', recipientId] : ['post', postId];
  const inserted = (await db.execute(sql`
    insert into ${notifications}
      (recipient_id, actor_id, type, message, entity_type, entity_id, post_id, comment_id)
    select recipient.id, null, ${type}::text, ${message}::text, ${entityType}::text, ${entityId}::int,
      ${postId}::int, ${commentId}::int
    from ${users} recipient
      left join ${notificationPreferences} pref on pref.user_id = recipient.id
    where recipient.id = ${recipientId}
      and not ${remoteActorRestrictedBy(sql`recipient.id`, actorUri)}
      and (pref.user_id is null or (
        (pref.types -> ${type}::text ->> 'inApp') is distinct from 'false'
        and pref.from_people_you_dont_follow = 'ALLOW'
      ))
      and not exists (
        select 1 from ${notifications} earlier
        where earlier.recipient_id = recipient.id and earlier.type = ${type}::text
          and earlier.actor_id is null and earlier.message = ${message}::text
          and earlier.entity_id = ${entityId}::int and not earlier.is_read
      )
    returning recipient_id as "recipientId", id as "notificationId"`)) as unknown as { rows: LiveSignal[] };
  await afterCommit(db, (pool) => sendSignals(pool, inserted.rows));
}

/**
 * Tells every server process that the recipient's unread count changed (once the transaction has committed).
 */
export async function signalUnreadCount(db: Database, recipientId: number): Promise<void> {
  await afterCommit(db, (pool) => sendSignals(pool, [{ recipientId }]));
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

/**
 * The recipient's notifications but those from users they blocked, were blocked by or muted (made
 * before that), and those about someone else's post, comment or plan a moderator hid.
 */
const ownedBy = (recipientId: UserRef, unreadOnly: boolean) =>
  and(
    eq(notifications.recipientId, recipientId),
    shownTo(recipientId, notifications.actorId, { muted: true }),
    refersToVisibleContent(recipientId, notifications),
    unreadOnly ? eq(notifications.isRead, false) : undefined,
  );

/**
 * How many notifications `ownedBy` keeps for the recipient: the count kept per recipient with its changes
 * not folded yet (`notificationCounts`), less those a block, a mute, a suspension or a moderator hides.
 * Those are found from the hidden people and content through the indexes that start with them, so the
 * cost follows what is hidden, not how many notifications the recipient ever had.
 */
export const shownNotificationCount = (recipientId: UserRef, unreadOnly: boolean): SQL<number> => {
  const n = notifications;
  const unread = unreadOnly ? sql` and not ${n.isRead}` : sql``;
  const content = hiddenContentIds(recipientId);
  const hiddenBy = (column: SQLWrapper, ids: SQL) =>
    sql`select ${n.id} from ${n}
      where ${column} = any(${ids}) and ${n.recipientId} = ${recipientId}${unread}`;
  const [kept, changed] = unreadOnly
    ? [notificationCounts.unread, notificationCountChanges.unread]
    : [notificationCounts.total, notificationCountChanges.total];
  return sql<number>`(coalesce((select ${kept} from ${notificationCounts}
      where ${notificationCounts.recipientId} = ${recipientId}), 0)
    + coalesce((select sum(${changed}) from ${notificationCountChanges}
      where ${notificationCountChanges.recipientId} = ${recipientId}), 0)
    - (select count(*) from (${hiddenBy(n.actorId, hiddenUserIds(recipientId, { muted: true }))}
      union ${hiddenBy(n.postId, content.posts)}
      union ${hiddenBy(n.commentId, content.comments)}
      union ${hiddenBy(n.planId, content.plans)}) hidden))::int`.mapWith(Number);
};

/**
 * Folds the changes the triggers appended into `notification_counts`, one statement: those of recipients
 * deleted since are dropped. Safe beside itself and every writer: a change committed meanwhile waits for
 * the next fold, and one deleted by a concurrent fold is not counted twice.
 */
export async function foldNotificationCounts(db: Database) {
  await db.execute(sql`with moved as (
      delete from ${notificationCountChanges} returning recipient_id, total, unread),
    sums as (
      select recipient_id, sum(total)::int as total, sum(unread)::int as unread
      from moved group by recipient_id)
    insert into ${notificationCounts} as c (recipient_id, total, unread)
    select sums.recipient_id, sums.total, sums.unread
    from sums join ${users} on ${users.id} = sums.recipient_id
    order by sums.recipient_id
    on conflict (recipient_id) do update
      set total = c.total + excluded.total, unread = c.unread + excluded.unread`);
}

const countOwned = (db: Database, recipientId: UserRef, unreadOnly: boolean) =>
  db
    .select({ total: shownNotificationCount(recipientId, unreadOnly) })
    .from(users)
    .where(eq(users.id, recipientId));

/**
 * The notification reads of the bell and its page, each statement built once (per filter and page
 * size): the unread count is asked on every page of the app.
 */
export function prepareNotificationReads(db: Database) {
  const recipientId = sql.placeholder('recipientId');
  const counts = [false, true].map((unreadOnly) =>
    countOwned(db, recipientId, unreadOnly).prepare(`notifications_count_${unreadOnly ? 'unread' : 'all'}`),
  );
  // One page of them, newest first, with their actors, each row with `total` (how many there are in
  // all): one round trip. An empty page has no row to carry the total.
  const pages = [false, true].map((unreadOnly) =>
    preparedPerSize((size) =>
      db
        .select({ ...notificationColumns, total: shownNotificationCount(recipientId, unreadOnly) })
        .from(notifications)
        .leftJoin(actors, eq(actors.id, notifications.actorId))
        .where(ownedBy(recipientId, unreadOnly))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(literalLimit(size))
        .offset(sql.placeholder('offset'))
        .prepare(`notifications_page_${unreadOnly ? 'unread' : 'all'}_${size}`),
    ),
  );
  const count = async (recipient: number, unreadOnly: boolean) =>
    (await counts[Number(unreadOnly)]!.execute({ recipientId: recipient }))[0]?.total ?? 0;
  return {
    count,
    unreadCount: (recipient: number) => count(recipient, true),
    page: (recipient: number, unreadOnly: boolean, { limit, offset }: { limit: number; offset: number }) =>
      pages[Number(unreadOnly)]!(limit).execute({ recipientId: recipient, offset }),
  };
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

/**
 * Marks one of the recipient's notifications read; false when it is not theirs, does not exist, or is
 * one they no longer see (its actor blocked, muted or suspended, its post, comment or plan hidden).
 */
export async function markRead(db: Database, id: number, recipientId: number): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), ownedBy(recipientId, false)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllRead(db: Database, recipientId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)));
}

/**
 * `ownedBy`'s visibility test for a notification row under a table alias: notifications from people
 * the recipient blocked, was blocked by or muted, or about content a moderator hid, are left out.
 */
const shownAs = (recipientId: number, alias: string) =>
  and(
    shownTo(recipientId, sql.raw(`${alias}.actor_id`), { muted: true }),
    refersToVisibleContent(recipientId, {
      postId: sql.raw(`${alias}.post_id`),
      commentId: sql.raw(`${alias}.comment_id`),
      planId: sql.raw(`${alias}.plan_id`),
    }),
  )!;

/** Which group an unread notification is in: by kind and thing, all follows together. */
const unreadGroupKey = (n: SQL) => sql`case when ${n}.type = 'FOLLOW' then 'FOLLOW'
  else ${n}.type || '.' || ${n}.entity_type || '.' || ${n}.entity_id end`;

export type NotificationGroupRow = {
  key: string;
  latestId: number;
  latestAt: Date | string;
  isRead: boolean;
  count: number;
  actorCount: number;
  total: number;
  type: string;
  message: string;
  entityType: string;
  entityId: number;
  actors: { id: number; name: string; picture: string | null }[] | null;
};

/**
 * One page of the recipient's notification groups, newest first, each with its newest notification
 * and its most recent `actorsShown` people, and the number of groups in all: one statement. Unread
 * notifications are grouped (a few rows, from the partial unread index); read ones are groups of one,
 * read in order from the recipient's index, merged in, so a long history is not grouped per page.
 * An empty page still answers one row (with `key` null) to carry the total.
 */
export async function listNotificationGroups(
  db: Database,
  recipientId: number,
  unreadOnly: boolean,
  window: { limit: number; offset: number },
  actorsShown: number,
): Promise<{ rows: NotificationGroupRow[]; total: number }> {
  const n = sql.raw('n');
  const shown = (alias: string) => shownAs(recipientId, alias);
  const read = sql`${notifications} n where n.recipient_id = ${recipientId} and n.is_read and ${shown('n')}`;
  const result = (await db.execute(sql`
    with unread_groups as (
      select ${unreadGroupKey(n)} as key, max(n.id) as latest_id, max(n.created_at) as latest_at,
        false as is_read, count(*)::int as count, count(distinct n.actor_id)::int as actor_count
      from ${notifications} n
      where n.recipient_id = ${recipientId} and not n.is_read and ${shown('n')}
      group by 1
    ),
    paged as (
      (select key, latest_id, latest_at, is_read, count, actor_count from unread_groups
      ${
        unreadOnly
          ? sql``
          : sql`union all
        select 'n.' || n.id, n.id, n.created_at, true, 1, (n.actor_id is not null)::int from ${read}`
      })
      order by latest_at desc, latest_id desc
      limit ${literalLimit(window.limit)} offset ${window.offset}
    )
    select (select count(*) from unread_groups)::int
        ${unreadOnly ? sql`` : sql`+ (select count(*) from ${read})::int`} as total,
      paged.key, paged.latest_id as "latestId", paged.latest_at as "latestAt", paged.is_read as "isRead",
      paged.count, paged.actor_count as "actorCount", latest.type, latest.message,
      latest.entity_type as "entityType", latest.entity_id as "entityId",
      case when paged.is_read
        then (select json_build_array(
            json_build_object('id', u.id, 'name', u.name, 'picture', u.profile_picture))
          from ${users} u where u.id = latest.actor_id)
        else (select json_agg(json_build_object('id', u.id, 'name', u.name, 'picture', u.profile_picture)
            order by recent.last_id desc)
          from (select k.actor_id, max(k.id) as last_id from ${notifications} k
                where k.recipient_id = ${recipientId} and not k.is_read
                  and ${unreadGroupKey(sql.raw('k'))} = paged.key
                  and k.actor_id is not null and ${shown('k')}
                group by k.actor_id order by last_id desc limit ${literalLimit(actorsShown)}) recent
          join ${users} u on u.id = recent.actor_id)
      end as actors
    from (select 1) as always
    left join paged on true
    left join ${notifications} latest on latest.id = paged.latest_id
    order by paged.latest_at desc, paged.latest_id desc`)) as unknown as { rows: NotificationGroupRow[] };
  const rows = result.rows.filter((row) => row.key !== null);
  return { rows, total: result.rows[0]?.total ?? 0 };
}

/** The recipient's notifications a group key names; `n.{id}` names one, read or not. */
function inGroup(key: NotificationGroupKey): SQL {
  switch (key.kind) {
    case 'one':
      return sql`n.id = ${key.id}`;
    case 'follows':
      return sql`n.type = 'FOLLOW'`;
    case 'about':
      return sql`n.type = ${key.type} and n.entity_type = ${key.entityType}
        and n.entity_id = ${key.entityId}`;
  }
}

/**
 * Marks read the recipient's unread notifications of a group; `found` is false when the recipient
 * has none the key names that they may still see (someone else's are never touched): one statement.
 */
export async function markGroupRead(db: Database, recipientId: number, key: NotificationGroupKey) {
  const result = (await db.execute(sql`
    with marked as (
      update ${notifications} n set is_read = true
      where n.recipient_id = ${recipientId} and not n.is_read
        and ${inGroup(key)} and ${shownAs(recipientId, 'n')}
      returning n.id
    )
    select (select count(*) from marked)::int as marked,
      exists (select 1 from ${notifications} n
        where n.recipient_id = ${recipientId} and ${inGroup(key)} and ${shownAs(recipientId, 'n')}) as found
  `)) as unknown as { rows: { marked: number; found: boolean }[] };
  return result.rows[0] ?? { marked: 0, found: false };
}
