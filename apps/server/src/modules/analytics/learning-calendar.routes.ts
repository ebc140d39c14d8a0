import { learningCalendar, learningCalendarQuery, userIdParams } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { readerOf } from '../../lib/viewer.js';
import type { LearningCalendarService } from './learning-calendar.service.js';

const route = routeOptions(['analytics']);

/** `GET /api/users/{id}/learning-calendar?timeZone`: the profile's heatmap of learning days. */
export const learningCalendarRoutes: FastifyPluginAsyncZod<{ calendars: LearningCalendarService }> = async (
  app,
  { calendars },
) => {
  app.get(
    '/:id/learning-calendar',
    route(
      "A person's learning activities per local day over the last 365 days in timeZone (IANA, default " +
        'UTC): always for its owner, for others only when the owner shows it',
      {
        params: userIdParams,
        querystring: learningCalendarQuery,
        response: { 200: learningCalendar, ...failures(400, 404) },
      },
    ),
    async (request, reply) => {
      // Changes with every progress update, and with the owner's setting: never answer from a cache.
      reply.header('Cache-Control', 'no-store');
      return calendars.calendar(readerOf(request), request.params.id, request.query.timeZone);
    },
  );
};
