import { z } from 'zod';
import { isoDateTime, MAX_ID, page, pageQuery, pathId, text, userRef } from './common.js';
import { DIGEST_MESSAGES, DIGEST_TOKEN_MAX_LENGTH } from './digest-constants.js';
import {
  NOTIFICATION_ENTITY_TYPES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  type NotificationEntityType,
  type NotificationType,
} from './notification-constants.js';
import {
  isTimeZone,
  NOTIFICATION_DIGESTS,
  NOTIFICATION_PREFERENCE_MESSAGES,
  NOTIFICATION_STRANGER_RULES,
  QUIET_HOURS_TIME,
} from './notification-preference-constants.js';

/** A notification; `actor` is who caused it. */
export const notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: isoDateTime,
  entityType: z.enum(NOTIFICATION_ENTITY_TYPES),
  entityId: z.number().int(),
  actor: userRef.nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = page(notification);

/** `GET /api/notifications?unreadOnly&page&size` (default false, 0, 10). */
export const notificationListQuery = pageQuery().extend({
  unreadOnly: z
    .enum(['true', 'false'], { error: 'unreadOnly must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

/**
 * `GET /api/notifications/unread/count` answers a bare JSON number (api-contract decision 9); 0 for a
 * caller without any token, whom clients poll for while signed out (decision 14).
 */
export const unreadCount = z.number().int().min(0);

export const readAllResponse = z.object({ success: z.literal(true), message: z.string() });

/**
 * `GET /api/notifications/groups`: unread notifications of one kind about one thing, as one line
 * ("Ann Lee and 3 others liked your post"; follows are one group: "5 new followers"). A read
 * notification is a group of its own, as it was when it came. Opening the group marks it all read
 * with its `key` (`POST /api/notifications/groups/{key}/read`).
 */
export const notificationGroup = z.object({
  key: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  isRead: z.boolean(),
  /** When its newest notification came, and that notification's id. */
  latestAt: isoDateTime,
  latestId: z.number().int(),
  /** Where opening the group leads: what its newest notification links to. */
  entityType: z.enum(NOTIFICATION_ENTITY_TYPES),
  entityId: z.number().int(),
  /** The most recent people in it, newest first (at most NOTIFICATION_GROUP_ACTORS_SHOWN). */
  actors: z.array(userRef),
  /** How many different people, and how many notifications, the group holds. */
  actorCount: z.number().int(),
  count: z.number().int(),
});
export type NotificationGroup = z.infer<typeof notificationGroup>;

export const notificationGroupPage = page(notificationGroup);

const TYPES = NOTIFICATION_TYPES.join('|');
const ENTITY_TYPES = NOTIFICATION_ENTITY_TYPES.join('|');
const GROUP_KEY = new RegExp(`^(?:FOLLOW|n\\.(\\d{1,10})|(?:${TYPES})\\.(?:${ENTITY_TYPES})\\.(\\d{1,10}))$`);

/**
 * A group's key: `n.{id}` (one notification), `FOLLOW` (the unread follows) or
 * `{type}.{entityType}.{entityId}` (the unread notifications of that kind about that thing).
 */
export type NotificationGroupKey =
  | { kind: 'one'; id: number }
  | { kind: 'follows' }
  | { kind: 'about'; type: NotificationType; entityType: NotificationEntityType; entityId: number };

export function parseNotificationGroupKey(key: string): NotificationGroupKey | null {
  const match = GROUP_KEY.exec(key);
  if (!match) return null;
  const id = Number(match[1] ?? match[2] ?? 0);
  if (id > MAX_ID) return null;
  if (key === 'FOLLOW') return { kind: 'follows' };
  if (match[1] !== undefined) return id >= 1 ? { kind: 'one', id } : null;
  const [type, entityType] = key.split('.') as [NotificationType, NotificationEntityType];
  return { kind: 'about', type, entityType, entityId: id };
}

export const notificationGroupKeyParams = z.object({
  key: z.string().transform((key, context) => {
    const parsed = parseNotificationGroupKey(key);
    if (parsed) return parsed;
    context.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.invalidGroupKey });
    return z.NEVER;
  }),
});

export const groupReadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many of its notifications were unread until now. */
  marked: z.number().int(),
});

export const notificationIdParams = z.object({
  id: pathId({ invalid: NOTIFICATION_MESSAGES.invalidId, notFound: NOTIFICATION_MESSAGES.notFound }),
});

/** Refuses keys the preferences do not have, naming them, rather than ignoring a misspelt switch. */
const unknownKeys = {
  error: (issue: { code?: string; keys?: readonly string[] }) =>
    issue.code === 'unrecognized_keys'
      ? NOTIFICATION_PREFERENCE_MESSAGES.unknownKey(issue.keys ?? [])
      : undefined,
};
const channelSwitch = z.boolean({ error: NOTIFICATION_PREFERENCE_MESSAGES.channel });
const digest = z.enum(NOTIFICATION_DIGESTS, { error: NOTIFICATION_PREFERENCE_MESSAGES.digest });
const strangers = z.enum(NOTIFICATION_STRANGER_RULES, { error: NOTIFICATION_PREFERENCE_MESSAGES.strangers });
const typeRecord = <T extends z.ZodType>(value: T) =>
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, value])) as Record<NotificationType, T>;

const channelSwitches = z.object({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() });

const quietHoursTime = z
  .string({ error: NOTIFICATION_PREFERENCE_MESSAGES.quietHoursTime })
  .regex(QUIET_HOURS_TIME, {
    error: NOTIFICATION_PREFERENCE_MESSAGES.quietHoursTime,
  });

/** Quiet hours as they are answered. */
export const quietHours = z.object({ start: z.string(), end: z.string(), timeZone: z.string() });

/** Quiet hours as they are sent: both times "HH:MM", different, in an IANA time zone. */
const quietHoursChange = z
  .strictObject(
    {
      start: quietHoursTime,
      end: quietHoursTime,
      timeZone: z
        .string({ error: NOTIFICATION_PREFERENCE_MESSAGES.quietHoursTimeZone })
        .refine(isTimeZone, { error: NOTIFICATION_PREFERENCE_MESSAGES.quietHoursTimeZone }),
    },
    { error: (issue) => unknownKeys.error(issue) ?? NOTIFICATION_PREFERENCE_MESSAGES.quietHours },
  )
  .refine((hours) => hours.start !== hours.end, { error: NOTIFICATION_PREFERENCE_MESSAGES.quietHoursEmpty });

/**
 * `GET`/`PUT /api/notifications/preferences`: for every type whether it reaches the person in the app,
 * by push and in the e-mail digest; how often the digest comes; and whether notifications from people
 * they do not follow are made at all; when no push is sent (`quietHours`). The e-mail switches and
 * `digest` decide the e-mail digest.
 */
export const notificationPreferences = z.object({
  types: z.object(typeRecord(channelSwitches)),
  digest: z.enum(NOTIFICATION_DIGESTS),
  fromPeopleYouDontFollow: z.enum(NOTIFICATION_STRANGER_RULES),
  quietHours: quietHours.nullable(),
});

/** `PUT /api/notifications/preferences`: only what changes; any key it does not know is a 400. */
export const notificationPreferencesChange = z.strictObject(
  {
    types: z
      .strictObject(
        typeRecord(
          z
            .strictObject(
              {
                inApp: channelSwitch.optional(),
                push: channelSwitch.optional(),
                email: channelSwitch.optional(),
              },
              unknownKeys,
            )
            .optional(),
        ),
        unknownKeys,
      )
      .optional(),
    digest: digest.optional(),
    fromPeopleYouDontFollow: strangers.optional(),
    /** null turns quiet hours off. */
    quietHours: quietHoursChange.nullable().optional(),
  },
  { error: (issue) => unknownKeys.error(issue) ?? NOTIFICATION_PREFERENCE_MESSAGES.body },
);
export type NotificationPreferencesChange = z.infer<typeof notificationPreferencesChange>;

/**
 * `GET`/`POST /api/notifications/digest/unsubscribe?token=…`: the link of a digest's `List-Unsubscribe`
 * header (RFC 8058). The token is signed by the server, so the link needs no sign-in.
 */
export const digestUnsubscribeQuery = z.object({
  token: text({ error: DIGEST_MESSAGES.invalidToken })
    .min(1, { error: DIGEST_MESSAGES.invalidToken })
    .max(DIGEST_TOKEN_MAX_LENGTH, { error: DIGEST_MESSAGES.invalidToken }),
});
export type DigestUnsubscribeQuery = z.infer<typeof digestUnsubscribeQuery>;

/** The confirmation page a person opening the unsubscribe link sees. */
export const htmlDocument = z.string().describe('An HTML page');
