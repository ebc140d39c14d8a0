/**
 * Notification preferences: the channels, choices, defaults and messages that need no zod, apart from
 * notification-constants.ts so that the bell on every page does not download them.
 */
import { NOTIFICATION_TYPES, type NotificationType } from './notification-constants.js';

/** The ways a notification can reach a person: in the app, by push to their devices, in the e-mail digest. */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How often the e-mail digest is sent. */
export const NOTIFICATION_DIGESTS = ['WEEKLY', 'DAILY', 'OFF'] as const;
export type NotificationDigest = (typeof NOTIFICATION_DIGESTS)[number];

/** Whether notifications from people the recipient does not follow are made at all. */
export const NOTIFICATION_STRANGER_RULES = ['ALLOW', 'MUTE'] as const;
export type NotificationStrangerRule = (typeof NOTIFICATION_STRANGER_RULES)[number];

export type NotificationChannelSwitches = Record<NotificationChannel, boolean>;

/**
 * When no push is sent: from `start` to `end` (24-hour "HH:MM", the end excluded; a start after the end
 * spans midnight) in the IANA time zone `timeZone`. The notifications are still made in the app; their
 * push waits for the end.
 */
export type QuietHours = { start: string; end: string; timeZone: string };

/** "HH:MM", 00:00 to 23:59. */
export const QUIET_HOURS_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `timeZone` is an IANA time zone this runtime knows (Intl throws a RangeError otherwise). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** `GET /api/notifications/preferences`: every type with every channel, always complete. */
export type NotificationPreferences = {
  types: Record<NotificationType, NotificationChannelSwitches>;
  digest: NotificationDigest;
  fromPeopleYouDontFollow: NotificationStrangerRule;
  /** null: no quiet hours. */
  quietHours: QuietHours | null;
};

/** What a person has chosen so far: only the switches they changed are stored. */
export type StoredNotificationPreferences = {
  types: Partial<Record<NotificationType, Partial<NotificationChannelSwitches>>>;
  digest: NotificationDigest;
  fromPeopleYouDontFollow: NotificationStrangerRule;
  quietHours: QuietHours | null;
};

/** Push reaches a phone at once, so by default only for what asks for an answer. */
const PUSH_BY_DEFAULT: readonly NotificationType[] = ['COMMENT', 'COMMENT_REPLY', 'MENTION', 'GROUP_REPLY'];

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
  quietHours: null,
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
  return {
    types,
    digest: stored.digest,
    fromPeopleYouDontFollow: stored.fromPeopleYouDontFollow,
    quietHours: stored.quietHours,
  };
}

/** What the settings call each type, in NOTIFICATION_TYPES order. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  LIKE: 'Likes on your posts',
  COMMENT: 'Comments on your posts',
  COMMENT_REPLY: 'Replies to your comments',
  COMMENT_LIKE: 'Likes on your comments',
  FOLLOW: 'New followers',
  MENTION: 'Mentions',
  LEARNING_PLAN_SHARE: 'Learning plans shared by people you follow',
  LEARNING_PLAN_COPY: 'Your learning plans used as templates',
  GROUP_JOINED: 'People joining study groups you organise',
  GROUP_TOPIC_DONE: 'Topics finished by members of your study groups',
  GROUP_CHECK_IN: 'Weekly check-ins of your study groups',
  GROUP_POST: 'Posts in the discussion of your study groups',
  GROUP_REPLY: 'Replies to your posts in study groups',
};

export const NOTIFICATION_PREFERENCE_MESSAGES = {
  unknownKey: (keys: readonly string[]) =>
    `Unknown notification preference: ${keys.join(', ')}. Known ones are types (${NOTIFICATION_TYPES.join(
      ', ',
    )}, each with ${NOTIFICATION_CHANNELS.join(', ')}), digest, fromPeopleYouDontFollow and ` +
    'quietHours (start, end, timeZone).',
  channel: 'Each notification channel is true or false.',
  digest: `digest must be one of ${NOTIFICATION_DIGESTS.join(', ')}.`,
  strangers: `fromPeopleYouDontFollow must be one of ${NOTIFICATION_STRANGER_RULES.join(', ')}.`,
  body: 'Send the preferences to change as a JSON object.',
  quietHours: 'quietHours is an object with start, end and timeZone, or null to have none.',
  quietHoursTime: 'Quiet hours start and end are 24-hour times such as 22:00.',
  quietHoursTimeZone: 'The time zone of quiet hours must be an IANA time zone such as Europe/Paris.',
  quietHoursEmpty: 'Quiet hours need an end that differs from their start.',
  saved: 'Notification preferences saved',
  saveFailed: 'Your notification preferences could not be saved. Please try again.',
  loadFailed: 'Your notification preferences could not be loaded.',
} as const;
