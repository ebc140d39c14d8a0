import {
  NOTIFICATION_GROUP_ACTORS_SHOWN,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STREAM,
  type Notification,
  type NotificationEntityType,
  type NotificationGroup,
  type NotificationGroupKey,
  type NotificationListQuery,
  type NotificationType,
  notificationGroupMessage,
  type Page,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { MediaUrl, Viewer } from '../../lib/viewer.js';
import {
  findNotification,
  type LiveSignal,
  listNotificationGroups,
  listNotificationsAfter,
  markAllRead,
  markGroupRead,
  markRead,
  type NotificationGroupRow,
  type NotificationRow,
  notificationSummary,
  prepareNotificationReads,
  signalUnreadCount,
} from './notifications.queries.js';

export function toNotification(mediaUrl: MediaUrl, row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    entityType: row.entityType as NotificationEntityType,
    entityId: row.entityId,
    actor:
      row.actorId === null
        ? null
        : { id: row.actorId, name: row.actorName ?? '', profilePicture: mediaUrl(row.actorPicture) },
  };
}

function toNotificationGroup(mediaUrl: MediaUrl, row: NotificationGroupRow): NotificationGroup {
  const actors = (row.actors ?? []).map((actor) => ({
    id: actor.id,
    name: actor.name,
    profilePicture: mediaUrl(actor.picture),
  }));
  const type = row.type as NotificationType;
  return {
    key: row.key,
    type,
    message: notificationGroupMessage({
      type,
      message: row.message,
      actorNames: actors.map((actor) => actor.name),
      actorCount: row.actorCount,
    }),
    isRead: row.isRead,
    latestAt: new Date(row.latestAt).toISOString(),
    latestId: row.latestId,
    entityType: row.entityType as NotificationEntityType,
    entityId: row.entityId,
    actors,
    actorCount: row.actorCount,
    count: row.count,
  };
}

/** What a stream sends for one signal: the new notification (when there is one) and the unread count. */
export type LiveUpdate = { notification: NotificationRow | null; unreadCount: number };

export type CatchUp = {
  missed: NotificationRow[];
  overflow: boolean;
  latestId: number;
  unreadCount: number;
};

/** Reading and marking one's own notifications; they are written by the event handlers. */
export function createNotificationsService(db: Database) {
  const reads = prepareNotificationReads(db);
  const { unreadCount } = reads;

  return {
    async list(viewer: Viewer, query: NotificationListQuery): Promise<Page<Notification>> {
      const rows = await reads.page(viewer.id, query.unreadOnly, pageWindow(query));
      const total = rows[0]?.total ?? (await reads.count(viewer.id, query.unreadOnly));
      return toPage(
        rows.map((row) => toNotification(viewer.mediaUrl, row)),
        total,
        query,
      );
    },

    async listGroups(viewer: Viewer, query: NotificationListQuery): Promise<Page<NotificationGroup>> {
      const { rows, total } = await listNotificationGroups(
        db,
        viewer.id,
        query.unreadOnly,
        pageWindow(query),
        NOTIFICATION_GROUP_ACTORS_SHOWN,
      );
      return toPage(
        rows.map((row) => toNotificationGroup(viewer.mediaUrl, row)),
        total,
        query,
      );
    },

    /** Only the recipient's own: a key that names none of theirs is as missing as an unknown one. */
    async markGroupRead(viewer: Viewer, key: NotificationGroupKey) {
      const marked = await db.transaction(async (tx) => {
        const result = await markGroupRead(tx, viewer.id, key);
        if (!result.found) throw notFound(NOTIFICATION_MESSAGES.notFound);
        if (result.marked > 0) await signalUnreadCount(tx, viewer.id);
        return result.marked;
      });
      return { success: true as const, message: NOTIFICATION_MESSAGES.groupRead, marked };
    },

    unreadCount: (viewer: Viewer) => unreadCount(viewer.id),

    /**
     * Only the recipient may, and only one they still see: anyone else's, or one whose actor they
     * blocked or muted (or a moderator suspended), or about hidden content, is as missing as one that
     * does not exist, and nothing is written.
     */
    async markRead(viewer: Viewer, id: number): Promise<Notification> {
      const row = await db.transaction(async (tx) => {
        if (!(await markRead(tx, id, viewer.id))) throw notFound(NOTIFICATION_MESSAGES.notFound);
        // Hidden between the two statements (a block committed meanwhile): rolled back, answered the same.
        const marked = await findNotification(tx, id, viewer.id);
        if (!marked) throw notFound(NOTIFICATION_MESSAGES.notFound);
        await signalUnreadCount(tx, viewer.id);
        return marked;
      });
      return toNotification(viewer.mediaUrl, row);
    },

    async markAllRead(viewer: Viewer) {
      await db.transaction(async (tx) => {
        await markAllRead(tx, viewer.id);
        await signalUnreadCount(tx, viewer.id);
      });
      return { success: true as const, message: NOTIFICATION_MESSAGES.allRead };
    },

    /**
     * For a stream (re)connecting after `afterId` (null: a first connect, which replays nothing): the
     * notifications it missed, oldest first, unless there are more than a stream replays (`overflow`);
     * the id of the newest notification and the unread count. The summary is read first, so a
     * notification committed in between is among `missed` rather than lost.
     */
    async catchUp(recipientId: number, afterId: number | null): Promise<CatchUp> {
      const { latestId, unread } = await notificationSummary(db, recipientId);
      const limit = NOTIFICATION_STREAM.replayLimit;
      const missed =
        afterId === null || afterId >= latestId
          ? []
          : await listNotificationsAfter(db, recipientId, afterId, limit + 1);
      const overflow = missed.length > limit;
      return { missed: overflow ? [] : missed, overflow, latestId, unreadCount: unread };
    },

    async liveUpdate({ recipientId, notificationId }: LiveSignal): Promise<LiveUpdate> {
      const [notification, count] = await Promise.all([
        notificationId === undefined ? null : findNotification(db, notificationId, recipientId),
        unreadCount(recipientId),
      ]);
      return { notification, unreadCount: count };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
