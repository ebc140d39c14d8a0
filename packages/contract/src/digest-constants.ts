/**
 * The e-mail digest of notifications: its texts, limits and the unsubscribe link's messages, without zod
 * (the server renders the mail and the unsubscribe page from them).
 */
import type { NotificationDigest } from './notification-preference-constants.js';

export const DIGEST_LIMITS = {
  /** Notification groups listed in one digest; the rest are counted ("and 3 more"). */
  groups: 20,
  /** New posts of people and tags followed listed in one digest. */
  posts: 10,
  /** Plans in progress listed in one digest. */
  plans: 5,
  /** Characters of a post shown in the digest. */
  postExcerpt: 160,
  /** Recipients claimed and mailed per batch: each batch costs the same few statements. */
  batch: 100,
} as const;

/** The unsubscribe token: a user id and a signature, base64url. */
export const DIGEST_TOKEN_MAX_LENGTH = 100;

type Period = Exclude<NotificationDigest, 'OFF'>;

/** The digest's choices as the settings name them, in NOTIFICATION_DIGESTS order. */
export const DIGEST_CHOICE_LABELS: Record<NotificationDigest, string> = {
  WEEKLY: 'Weekly',
  DAILY: 'Daily',
  OFF: 'Off',
};
const PERIOD_WORDS: Record<Period, string> = { DAILY: 'daily', WEEKLY: 'weekly' };

export const DIGEST_MESSAGES = {
  /** The settings' group of choices and what it says of them. */
  settingsLegend: 'E-mail digest',
  settingsHint:
    'When something is unread, at most one e-mail a day or a week tells of the kinds switched on ' +
    '"By e-mail", new posts of people and tags you follow and your plans in progress.',
  subject: (period: Period, unread: number) =>
    `Your ${PERIOD_WORDS[period]} Pathwise digest: ${unread} unread notification${unread === 1 ? '' : 's'}`,
  greeting: (name: string) => `Hello ${name},`,
  intro: (period: Period) =>
    period === 'DAILY'
      ? 'here is what you missed on Pathwise since yesterday.'
      : 'here is what you missed on Pathwise this week.',
  notificationsHeading: 'Unread notifications',
  moreNotifications: (count: number) => `and ${count} more in your notifications`,
  postsHeading: 'New from people and tags you follow',
  plansHeading: 'Your plans in progress',
  planProgress: (completed: number, total: number) =>
    `${completed} of ${total} topics done (${total === 0 ? 0 : Math.round((completed / total) * 100)} %)`,
  openNotifications: 'Open your notifications',
  why: (period: Period) =>
    `You get this ${PERIOD_WORDS[period]} e-mail because your digest is on in your notification settings.`,
  settings: 'Change how often it comes',
  unsubscribe: 'Unsubscribe from these e-mails',
  /** The page a GET of the unsubscribe link shows: a person clicked it in a mail client. */
  confirmTitle: 'Unsubscribe from the Pathwise digest?',
  confirmText:
    'You will get no more digest e-mails. You can turn them on again in your notification settings.',
  confirmButton: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed: no more digest e-mails will be sent to you.',
  invalidToken: 'This unsubscribe link is not valid. Change your digest in your notification settings.',
} as const;
