import { suspendBody, suspensionParams, suspensionState } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { SuspensionsService } from './suspensions.service.js';

const route = routeOptions(['moderation']);

/** `/api/moderation/users/{userId}/suspend|unsuspend` (ADMIN_EMAILS only). */
export const suspensionRoutes: FastifyPluginAsyncZod<{ suspensions: SuspensionsService }> = async (
  app,
  { suspensions },
) => {
  app.post(
    '/users/:userId/suspend',
    route('Suspend an account: its sessions end, it cannot sign in, and what it made is hidden', {
      params: suspensionParams,
      body: suspendBody,
      response: { 200: suspensionState, ...failures(400, 403, 404, 409) },
    }),
    async (request) => suspensions.suspend(viewerOf(request), request.params.userId, request.body),
  );

  app.post(
    '/users/:userId/unsuspend',
    route('Lift a suspension: the account can sign in again and what it made is shown again', {
      params: suspensionParams,
      response: { 200: suspensionState, ...failures(400, 403, 404, 409) },
    }),
    async (request) => suspensions.unsuspend(viewerOf(request), request.params.userId),
  );
};
