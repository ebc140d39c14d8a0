import { PUSH_LIMITS, PUSH_MESSAGES, type PushDevice, type PushSubscriptionCreate } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { Viewer } from '../../lib/viewer.js';
import type { WebPush } from '../../lib/web-push.js';
import {
  deletePushSubscription,
  listPushDevices,
  type PushDeviceRow,
  upsertPushSubscription,
} from './push.queries.js';

const toPushDevice = (row: PushDeviceRow): PushDevice => ({
  id: row.id,
  device: row.device,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
});

/** The devices a person receives push on: added by their browser, listed and removed in the settings. */
export function createPushService(db: Database, webPush: WebPush) {
  return {
    publicKey: () => ({ publicKey: webPush.publicKey }),

    async list(viewer: Viewer): Promise<PushDevice[]> {
      return (await listPushDevices(db, viewer.id)).map(toPushDevice);
    },

    /** A push service we would not send to (plain http) is refused now, not at the first push. */
    async subscribe(viewer: Viewer, body: PushSubscriptionCreate): Promise<PushDevice> {
      if (!webPush.acceptsEndpoint(body.endpoint))
        throw badRequest(PUSH_MESSAGES.insecureEndpoint, [
          { field: 'endpoint', message: PUSH_MESSAGES.insecureEndpoint },
        ]);
      const row = await upsertPushSubscription(
        db,
        {
          userId: viewer.id,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          device: body.device ?? 'A browser',
        },
        PUSH_LIMITS.devices,
      );
      if (!row) throw conflict(PUSH_MESSAGES.tooManyDevices);
      return toPushDevice(row);
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      if (!(await deletePushSubscription(db, viewer.id, id))) throw notFound(PUSH_MESSAGES.notFound);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
