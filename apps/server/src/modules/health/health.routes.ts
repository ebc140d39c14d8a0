import { healthResponse } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { failures } from '../../lib/route-schema.js';
import { pingDatabase } from './health.queries.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        response: { 200: healthResponse, ...failures(503) },
      },
    },
    async (request) => {
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        throw new AppError(503, 'The database is unreachable.');
      }
      return { status: 'ok' as const, database: 'reachable' as const };
    },
  );
};
