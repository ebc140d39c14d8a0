import { remoteFollowInput, remoteFollowResponse } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions, writeResponse } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { PathwiseFederation } from './federation.js';

const route = routeOptions(['federation']);

/** The API's side of federation, for signed-in people; only mounted with FEDERATION=true. */
export const federationApiRoutes: FastifyPluginAsyncZod<{ federation: PathwiseFederation }> = async (
  app,
  { federation },
) => {
  app.post(
    '/follows',
    route('Follow someone on another server (sends an ActivityPub Follow)', {
      description: 'Only with FEDERATION=true. The other server accepts or refuses in its own time.',
      body: remoteFollowInput,
      response: { ...writeResponse(remoteFollowResponse) },
    }),
    async (request) => federation.follow(viewerOf(request), request.body.account),
  );
};
