/**
 * Notifications: the kinds, texts and live-stream settings that need no zod, apart
 * from the schemas in notifications.ts so that the top bar's bell does not download zod.
 */

/**
 * LEARNING_PLAN_COPY: someone used your plan as a template (docs/features.md, "Plan templates");
 * COMMENT_REPLY and COMMENT_LIKE: a reply to, or a like of, your comment ("Replies and comment likes").
 * GROUP_JOINED: someone joined a study group you organise ("Study groups"); GROUP_TOPIC_DONE: a member
 * of a study group you are in finished a topic; GROUP_CHECK_IN: the weekly reminder of the topics a
 * group's pace expects (no actor); GROUP_POST: a member posted in the group's discussion; GROUP_REPLY:
 * a reply to your post there. A mention in the discussion is a MENTION about the group.
 */
export const NOTIFICATION_TYPES = [
  'LIKE',
  'COMMENT',
  'COMMENT_REPLY',
  'COMMENT_LIKE',
  'FOLLOW',
  'MENTION',
  'LEARNING_PLAN_SHARE',
  'LEARNING_PLAN_COPY',
  'GROUP_JOINED',
  'GROUP_TOPIC_DONE',
  'GROUP_CHECK_IN',
  'GROUP_POST',
  'GROUP_REPLY',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification links to. */
export const NOTIFICATION_ENTITY_TYPES = ['post', 'comment', 'user', 'learning-plan', 'group'] as const;
export type NotificationEntityType = (typeof NOTIFICATION_ENTITY_TYPES)[number];

const ENTITY_PATHS: Record<NotificationEntityType, string> = {
  post: '/post',
  comment: '/post',
  user: '/profile',
  'learning-plan': '/learning-plan',
  group: '/groups',
};

/** The web app's page a notification leads to (the list's link, and a push notification's click). */
export function notificationPath(entityType: string, entityId: number): string | null {
  const base = ENTITY_PATHS[entityType as NotificationEntityType];
  return base ? `${base}/${entityId}` : null;
}

export const NOTIFICATION_MESSAGES = {
  invalidId: 'Invalid notification ID',
  notFound: 'Notification not found',
  allRead: 'All notifications marked as read',
  loadFailed: 'Failed to load notifications',
  invalidGroupKey: 'Invalid notification group',
  groupRead: 'Notifications marked as read',
} as const;

/** A notification group names at most this many of its people (the most recent ones). */
export const NOTIFICATION_GROUP_ACTORS_SHOWN = 3;

/** "Ann Lee", "Ann Lee and Bob Ray", "Ann Lee and 3 others": `names` are the most recent first. */
export function actorsPhrase(names: readonly string[], actorCount: number): string {
  const [first = '', second = ''] = names;
  if (actorCount <= 1) return first;
  if (actorCount === 2) return `${first} and ${second}`;
  return `${first} and ${actorCount - 1} others`;
}

/**
 * The sentence of a notification group. One person's group keeps the notification's own sentence
 * (a mention says whether it was in a post or a comment); several people's are summed up.
 */
export function notificationGroupMessage(group: {
  type: NotificationType;
  message: string;
  actorNames: readonly string[];
  actorCount: number;
}): string {
  const { type, message, actorNames, actorCount } = group;
  if (actorCount <= 1 || actorNames.length < Math.min(actorCount, 2)) return message;
  const who = actorsPhrase(actorNames, actorCount);
  switch (type) {
    case 'FOLLOW':
      return `${actorCount} new followers`;
    case 'LIKE':
      return `${who} liked your post`;
    case 'COMMENT':
      return `${who} commented on your post`;
    case 'COMMENT_REPLY':
      return `${who} replied to your comment`;
    case 'COMMENT_LIKE':
      return `${who} liked your comment`;
    case 'MENTION':
      return `${who} mentioned you`;
    case 'LEARNING_PLAN_COPY':
      return `${who} used your learning plan as a template`;
    case 'GROUP_JOINED':
      return `${who} joined your study group`;
    case 'GROUP_TOPIC_DONE':
      return `${who} finished topics in your study group`;
    case 'GROUP_POST':
      return `${who} posted in your study group`;
    case 'GROUP_REPLY':
      return `${who} replied to you in your study group`;
    default:
      return message;
  }
}

/** The unread count is polled every 60 seconds (the live stream usually beats it). */
export const UNREAD_COUNT_POLL_MS = 60_000;

/**
 * `GET /api/notifications/stream`: Server-Sent Events for the signed-in user. Every event's id is the
 * stream's cursor: the id of the newest notification it has delivered (or, before any, the newest the
 * user had when it opened), so a reconnect with Last-Event-ID gets exactly what it missed, in order.
 * `notification` events carry a new notification (JSON; event id = its id); `unread-count` events the
 * unread count, sent on connect and on every change; `resync` (data `{}`) says more were missed than
 * `replayLimit`, so the client refetches its lists. The server ends the stream when the token that
 * opened it expires. A comment line every `heartbeatMs` keeps proxies from closing a quiet stream.
 */
export const NOTIFICATION_STREAM = {
  events: { notification: 'notification', unreadCount: 'unread-count', resync: 'resync' },
  heartbeatMs: 25_000,
  retryMs: 3_000,
  /** At most this many missed notifications are replayed after a reconnect. */
  replayLimit: 50,
} as const;
