import { z } from 'zod';
import { isoDateTime, pathId, text } from './common.js';
import { PUSH_LIMITS, PUSH_MESSAGES } from './push-constants.js';

/** `GET /api/notifications/push/public-key`: the server's VAPID public key (applicationServerKey). */
export const pushPublicKey = z.object({ publicKey: z.string() });

const endpoint = z
  .string({ error: PUSH_MESSAGES.endpoint })
  .max(PUSH_LIMITS.endpointLength, { error: PUSH_MESSAGES.endpoint })
  .refine((value) => URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol), {
    error: PUSH_MESSAGES.endpoint,
  });

/** An uncompressed P-256 point (65 bytes, starting with 4) and a 16-byte secret, base64url. */
const p256dh = z
  .string({ error: PUSH_MESSAGES.keys })
  .regex(/^B[A-Za-z0-9_-]{86}=?$/, { error: PUSH_MESSAGES.keys });
const auth = z
  .string({ error: PUSH_MESSAGES.keys })
  .regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: PUSH_MESSAGES.keys });

/**
 * `POST /api/notifications/push/subscriptions`: what the browser's `PushSubscription.toJSON()` gives,
 * and the device's name as the settings show it. The same endpoint again replaces the earlier one.
 */
export const pushSubscriptionCreate = z.object(
  {
    endpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh, auth }, { error: PUSH_MESSAGES.keys }),
    device: text({ error: PUSH_MESSAGES.device })
      .trim()
      .min(1, { error: PUSH_MESSAGES.device })
      .max(PUSH_LIMITS.deviceLength, { error: PUSH_MESSAGES.device })
      .optional(),
  },
  { error: PUSH_MESSAGES.body },
);
export type PushSubscriptionCreate = z.infer<typeof pushSubscriptionCreate>;

/** A device that receives push; `endpoint` lets the browser tell which one it is. */
export const pushDevice = z.object({
  id: z.number().int(),
  device: z.string(),
  endpoint: z.string(),
  createdAt: isoDateTime,
});
export type PushDevice = z.infer<typeof pushDevice>;

/** `GET /api/notifications/push/subscriptions`: the signed-in user's devices, newest first. */
export const pushDeviceList = z.array(pushDevice);

export const pushDeviceIdParams = z.object({
  id: pathId({ invalid: PUSH_MESSAGES.invalidId, notFound: PUSH_MESSAGES.notFound }),
});
