import { firstSteps, firstStepsUpdate } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { FirstStepsService } from './first-steps.service.js';

const route = routeOptions(['users']);

/**
 * `/api/users/me/first-steps` (mounted under `/api/users/me`): the signed-in person's own first steps, for
 * the home page.
 */
export const firstStepsRoutes: FastifyPluginAsyncZod<{ firstSteps: FirstStepsService }> = async (
  app,
  { firstSteps: service },
) => {
  app.get(
    '/first-steps',
    route('Your first steps (profile, follows, a plan, a post), each done or not, and whether you are new', {
      response: { 200: firstSteps, ...failures(404) },
    }),
    async (request, reply) => {
      // Ticks off as the person acts elsewhere: never answer from a cache.
      reply.header('Cache-Control', 'no-store');
      return service.read(viewerOf(request));
    },
  );

  app.put(
    '/first-steps',
    route('Hide your first steps on every device, or show them again', {
      body: firstStepsUpdate,
      response: { 200: firstSteps, ...failures(400, 404) },
    }),
    async (request) => service.update(viewerOf(request), request.body),
  );
};
