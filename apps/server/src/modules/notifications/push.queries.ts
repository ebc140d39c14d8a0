import type { QuietHours } from '@pathwise/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationPreferences, notifications, pushSubscriptions } from '../../db/schema/index.js';

const deviceColumns = {
  id: pushSubscriptions.id,
  device: pushSubscriptions.device,
  endpoint: pushSubscriptions.endpoint,
  createdAt: pushSubscriptions.createdAt,
};
export type PushDeviceRow = { id: number; device: string; endpoint: string; createdAt: Date };

/** A person's devices, newest first: one statement, read through (user_id, id). */
export function listPushDevices(db: Database, userId: number): Promise<PushDeviceRow[]> {
  return db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id));
}

export type NewPushSubscription = {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
};

/**
 * Stores a subscription in one statement, or replaces the one of the same endpoint (that browser
 * subscribed again, perhaps signed in as someone else now: it is theirs from now on). A new endpoint is
 * refused (null) when the person already has `limit` devices.
 */
export async function upsertPushSubscription(
  db: Database,
  subscription: NewPushSubscription,
  limit: number,
): Promise<PushDeviceRow | null> {
  const { userId, endpoint, p256dh, auth, device } = subscription;
  const rows = (await db.execute(sql`
    insert into ${pushSubscriptions} (user_id, endpoint, p256dh, auth, device)
    select ${userId}::integer, ${endpoint}::text, ${p256dh}::text, ${auth}::text, ${device}::text
    where (select count(*) from ${pushSubscriptions} mine where mine.user_id = ${userId}::integer) < ${limit}
      or exists (
        select 1 from ${pushSubscriptions} same
        where same.endpoint = ${endpoint}::text and same.user_id = ${userId}::integer
      )
    on conflict (endpoint) do update set
      user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, device = excluded.device,
      created_at = case when ${pushSubscriptions.userId} = excluded.user_id
        then ${pushSubscriptions.createdAt} else now() end
    returning id, device, endpoint, created_at as "createdAt"`)) as unknown as {
    rows: (Omit<PushDeviceRow, 'createdAt'> & { createdAt: Date | string })[];
  };
  const [row] = rows.rows;
  return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
}

/** Removes one of the person's devices; false when they have none of that id. */
export async function deletePushSubscription(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Drops a subscription the push service no longer knows (404/410), unless it was replaced meanwhile. */
export async function dropExpiredSubscription(db: Database, id: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A notification to push to one device, as the push job needs it. */
export type PushCandidate = {
  notificationId: number;
  recipientId: number;
  subscriptionId: number;
  isRead: boolean;
  pushOn: boolean;
  quietHours: QuietHours | null;
};

/**
 * Every (notification, device of its recipient) pair of `notificationIds`, with whether the recipient
 * wants push for its type now (`defaultPush`: the defaults by type, for switches never set) and their
 * quiet hours: one statement for any number of notifications.
 */
export async function selectPushCandidates(
  db: Database,
  notificationIds: number[],
  defaultPush: Record<string, boolean>,
): Promise<PushCandidate[]> {
  const rows = (await db.execute(sql`
    select n.id as "notificationId", n.recipient_id as "recipientId", s.id as "subscriptionId",
      n.is_read as "isRead", pref.quiet_hours as "quietHours",
      coalesce(
        (pref.types -> n.type ->> 'push')::boolean,
        (${JSON.stringify(defaultPush)}::jsonb ->> n.type)::boolean,
        false
      ) as "pushOn"
    from ${notifications} n
      join ${pushSubscriptions} s on s.user_id = n.recipient_id
      left join ${notificationPreferences} pref on pref.user_id = n.recipient_id
    where n.id = any(${sql.param(notificationIds)}::integer[])
    order by n.id, s.id`)) as unknown as { rows: PushCandidate[] };
  return rows.rows;
}

/** One push to send: the device's keys and the notification's text and link, or null when either is gone. */
export async function selectPushDelivery(db: Database, subscriptionId: number, notificationId: number) {
  const [row] = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      message: notifications.message,
      entityType: notifications.entityType,
      entityId: notifications.entityId,
      isRead: notifications.isRead,
    })
    .from(pushSubscriptions)
    .innerJoin(
      notifications,
      and(eq(notifications.id, notificationId), eq(notifications.recipientId, pushSubscriptions.userId)),
    )
    .where(eq(pushSubscriptions.id, subscriptionId));
  return row ?? null;
}
