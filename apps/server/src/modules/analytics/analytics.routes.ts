import { analytics, analyticsQuery } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { AnalyticsService } from './analytics.service.js';

const route = routeOptions(['analytics']);

/** `GET /api/analytics?startDate&endDate&tz`: every block of the dashboard in one response. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics: service },
) => {
  app.get(
    '/',
    route(
      'Your learning analytics for local days startDate…endDate (YYYY-MM-DD, at most 366) in the time ' +
        'zone tz (IANA, default UTC)',
      {
        querystring: analyticsQuery,
        response: { 200: analytics, ...failures(400) },
      },
    ),
    async (request, reply) => {
      // Figures change with every progress update: never answer from a cache.
      reply.header('Cache-Control', 'no-store');
      return service.dashboard(viewerOf(request), request.query);
    },
  );
};
