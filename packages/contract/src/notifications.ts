import { z } from 'zod';
import { isoDateTime, page, pageQuery, pathId, userRef } from './common.js';
import {
  NOTIFICATION_ENTITY_TYPES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
} from './notification-constants.js';

/** Spec §3 "Notification"; `actor` is who caused it. */
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

/** `GET /api/notifications?unreadOnly&page&size` (spec §7: default false, 0, 10). */
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

export const notificationIdParams = z.object({
  id: pathId({ invalid: NOTIFICATION_MESSAGES.invalidId, notFound: NOTIFICATION_MESSAGES.notFound }),
});
