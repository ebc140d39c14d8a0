import { analytics, analyticsQuery, errorBody } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../lib/viewer.js';
import { requireUser } from '../../plugins/auth.js';
import type { AnalyticsService } from './analytics.service.js';

/** `GET /api/analytics?startDate&endDate&tz`: every block of the dashboard in one answer. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics: service },
) => {
  // Signed-in users only, checked before the query so a visitor gets a 401, not a validation error.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Your learning analytics for local days startDate…endDate (YYYY-MM-DD, at most 366) in the time zone tz (IANA, default UTC)',
        security: [{ bearerAuth: [] }],
        querystring: analyticsQuery,
        response: { 200: analytics, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      // Figures change with every progress update: never answer from a cache.
      reply.header('Cache-Control', 'no-store');
      return service.dashboard(viewerOf(request), request.query);
    },
  );
};
