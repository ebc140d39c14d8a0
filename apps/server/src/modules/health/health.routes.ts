import { HEALTH_MESSAGES, healthResponse } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { failures, routeOptions } from '../../lib/route-schema.js';
import type { Storage } from '../../lib/storage/storage.js';
import { pingDatabase } from './health.queries.js';

const route = routeOptions(['health']);

/** A readiness probe must answer before the load balancer gives up on it. */
const CHECK_TIMEOUT_MS = 3000;

const withTimeout = (check: Promise<void>) =>
  Promise.race([
    check,
    new Promise<never>((_, reject) => {
      setTimeout(
        () => reject(new Error(`no response within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      ).unref();
    }),
  ]);

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/health',
    route('Readiness: whether the database and the media storage answer', {
      description: '503 when either does not; `errors` names which (`database`, `storage`).',
      response: { 200: healthResponse, ...failures(503) },
    }),
    async (request, reply) => {
      const checks = { database: pingDatabase(db), storage: storage.ping() };
      const results = await Promise.allSettled(Object.values(checks).map(withTimeout));
      const down = Object.keys(checks).filter((_, i) => results[i]?.status === 'rejected');
      reply.header('Cache-Control', 'no-store');
      if (down.length === 0)
        return { status: 'ok' as const, database: 'reachable' as const, storage: 'reachable' as const };
      results.forEach((result, i) => {
        if (result.status === 'rejected')
          request.log.error({ err: result.reason, part: Object.keys(checks)[i] }, 'health check failed');
      });
      throw new AppError(
        503,
        HEALTH_MESSAGES.unavailable,
        down.map((field) => ({ field, message: HEALTH_MESSAGES.unreachable })),
      );
    },
  );
};
