import {
  PUSH_LIMITS,
  PUSH_MESSAGES,
  pushDevice,
  pushDeviceIdParams,
  pushDeviceList,
  pushPublicKey,
  pushSubscriptionCreate,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleted, deletionResponse, failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { PushService } from './push.service.js';

const route = routeOptions(['notifications']);

export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get(
    '/public-key',
    route("The server's VAPID public key, for the browser's push subscription", {
      description: 'Give it to `PushManager.subscribe()` as `applicationServerKey` (base64url).',
      response: { 200: pushPublicKey },
    }),
    async () => push.publicKey(),
  );

  app.get(
    '/subscriptions',
    route('The devices that receive push for the signed-in user, newest first', {
      response: { 200: pushDeviceList },
    }),
    async (request) => push.list(viewerOf(request)),
  );

  app.post(
    '/subscriptions',
    route('Adds this browser to the devices that receive push', {
      description:
        "Send what the browser's `PushSubscription.toJSON()` gives, and a `device` name to show in the " +
        `settings. The same endpoint again replaces the earlier one. ${PUSH_MESSAGES.insecureEndpoint} ` +
        `(400); at most ${PUSH_LIMITS.devices} devices (409).`,
      body: pushSubscriptionCreate,
      response: { 201: pushDevice, ...failures(400, 409) },
    }),
    async (request, reply) => reply.status(201).send(await push.subscribe(viewerOf(request), request.body)),
  );

  app.delete(
    '/subscriptions/:id',
    route('Removes one of your push devices', {
      params: pushDeviceIdParams,
      response: deletionResponse,
    }),
    async (request, reply) => deleted(reply, push.remove(viewerOf(request), request.params.id)),
  );
};
