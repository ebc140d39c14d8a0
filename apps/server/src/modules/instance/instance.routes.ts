import { type InstanceSettings, instanceSettings } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '../../lib/route-schema.js';

const route = routeOptions(['instance']);

/** The instance's settings a client needs before anyone signs in; read from the configuration only. */
export const instanceRoutes: FastifyPluginAsyncZod<InstanceSettings> = async (
  app,
  { publicReading, federationHost },
) => {
  app.get(
    '/instance',
    route('What this instance allows: whether visitors may read signed out, and whether it federates', {
      response: { 200: instanceSettings },
    }),
    async () => ({ publicReading, federationHost }),
  );
};
