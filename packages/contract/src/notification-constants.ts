/**
 * Notifications: the kinds, texts and live-stream settings that need no zod, apart
 * from the schemas in notifications.ts so that the top bar's bell does not download zod.
 */

/** LEARNING_PLAN_COPY: someone used your plan as a template (docs/features.md, "Plan templates"). */
export const NOTIFICATION_TYPES = [
  'LIKE',
  'COMMENT',
  'FOLLOW',
  'MENTION',
  'LEARNING_PLAN_SHARE',
  'LEARNING_PLAN_COPY',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification links to. */
export const NOTIFICATION_ENTITY_TYPES = ['post', 'comment', 'user', 'learning-plan'] as const;
export type NotificationEntityType = (typeof NOTIFICATION_ENTITY_TYPES)[number];

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
    case 'MENTION':
      return `${who} mentioned you`;
    case 'LEARNING_PLAN_COPY':
      return `${who} used your learning plan as a template`;
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

/** The ways a notification can reach a person; only `inApp` has an effect so far. */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How often the e-mail digest is sent. */
export const NOTIFICATION_DIGESTS = ['WEEKLY', 'DAILY', 'OFF'] as const;
export type NotificationDigest = (typeof NOTIFICATION_DIGESTS)[number];

/** Whether notifications from people the recipient does not follow are made at all. */
export const NOTIFICATION_STRANGER_RULES = ['ALLOW', 'MUTE'] as const;
export type NotificationStrangerRule = (typeof NOTIFICATION_STRANGER_RULES)[number];

export type NotificationChannelSwitches = Record<NotificationChannel, boolean>;

/** `GET /api/notifications/preferences`: every type with every channel, always complete. */
export type NotificationPreferences = {
  types: Record<NotificationType, NotificationChannelSwitches>;
  digest: NotificationDigest;
  fromPeopleYouDontFollow: NotificationStrangerRule;
};

/** What a person has chosen so far: only the switches they changed are stored. */
export type StoredNotificationPreferences = {
  types: Partial<Record<NotificationType, Partial<NotificationChannelSwitches>>>;
  digest: NotificationDigest;
  fromPeopleYouDontFollow: NotificationStrangerRule;
};

/** Push reaches a phone at once, so by default only for what asks for an answer. */
const PUSH_BY_DEFAULT: readonly NotificationType[] = ['COMMENT', 'MENTION'];

/** The preferences of someone who has changed nothing: in the app all on, e-mail (the digest) all on. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  types: Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      { inApp: true, push: PUSH_BY_DEFAULT.includes(type), email: true },
    ]),
  ) as NotificationPreferences['types'],
  digest: 'WEEKLY',
  fromPeopleYouDontFollow: 'ALLOW',
};

/** A person's preferences: what they stored over the defaults (a type added later starts at its default). */
export function resolveNotificationPreferences(
  stored: StoredNotificationPreferences | null,
): NotificationPreferences {
  if (!stored) return DEFAULT_NOTIFICATION_PREFERENCES;
  const types = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      { ...DEFAULT_NOTIFICATION_PREFERENCES.types[type], ...stored.types[type] },
    ]),
  ) as NotificationPreferences['types'];
  return { types, digest: stored.digest, fromPeopleYouDontFollow: stored.fromPeopleYouDontFollow };
}

/** What the settings call each type, in NOTIFICATION_TYPES order. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  LIKE: 'Likes on your posts',
  COMMENT: 'Comments on your posts',
  FOLLOW: 'New followers',
  MENTION: 'Mentions',
  LEARNING_PLAN_SHARE: 'Learning plans shared by people you follow',
  LEARNING_PLAN_COPY: 'Your learning plans used as templates',
};

export const NOTIFICATION_PREFERENCE_MESSAGES = {
  unknownKey: (keys: readonly string[]) =>
    `Unknown notification preference: ${keys.join(', ')}. Known ones are types (${NOTIFICATION_TYPES.join(
      ', ',
    )}, each with ${NOTIFICATION_CHANNELS.join(', ')}), digest and fromPeopleYouDontFollow.`,
  channel: 'Each notification channel is true or false.',
  digest: `digest must be one of ${NOTIFICATION_DIGESTS.join(', ')}.`,
  strangers: `fromPeopleYouDontFollow must be one of ${NOTIFICATION_STRANGER_RULES.join(', ')}.`,
  body: 'Send the preferences to change as a JSON object.',
  saved: 'Notification preferences saved',
  saveFailed: 'Your notification preferences could not be saved. Please try again.',
  loadFailed: 'Your notification preferences could not be loaded.',
} as const;
