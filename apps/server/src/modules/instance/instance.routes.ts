import { instanceSettings } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '../../lib/route-schema.js';

const route = routeOptions(['instance']);

/** The instance's settings a client needs before anyone signs in; read from the configuration only. */
export const instanceRoutes: FastifyPluginAsyncZod<{ publicReading: boolean }> = async (
  app,
  { publicReading },
) => {
  app.get(
    '/instance',
    route('What this instance allows visitors: whether they may read public content signed out', {
      response: { 200: instanceSettings },
    }),
    async () => ({ publicReading }),
  );
};
