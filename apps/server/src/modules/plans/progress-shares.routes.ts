import {
  planParams,
  progressShare,
  progressShareBody,
  sharedProgress,
  sharedProgressParams,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readFailures, readResponse, routeOptions } from '../../lib/route-schema.js';
import { isVisitor, readerOf, viewerOf } from '../../lib/viewer.js';
import type { ProgressSharesService } from './progress-shares.service.js';

const route = routeOptions(['learning plans']);

/** `/api/learning-plans/{planId}/progress…`: sharing one's progress on a plan, and the shared page. */
export const progressShareRoutes: FastifyPluginAsyncZod<{ shares: ProgressSharesService }> = async (
  app,
  { shares },
) => {
  app.get(
    '/:planId/progress-share',
    route('Whether you share your progress on this plan (off unless you turned it on)', {
      params: planParams,
      response: readResponse(progressShare),
    }),
    async (request) => shares.state(viewerOf(request), request.params.planId),
  );

  app.put(
    '/:planId/progress-share',
    route('Turn sharing your progress on this plan on or off', {
      params: planParams,
      body: progressShareBody,
      response: readResponse(progressShare),
    }),
    async (request) => shares.setShared(viewerOf(request), request.params.planId, request.body.shared),
  );

  app.get(
    '/:planId/progress/:handle',
    route('A person’s shared progress on a public plan: their topic statuses, percentage and streak', {
      description: 'A 404 unless they share it and the plan is public and shown to you.',
      params: sharedProgressParams,
      response: readResponse(sharedProgress),
    }),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return shares.sharedProgress(readerOf(request), request.params.planId, request.params.handle);
    },
  );

  app.get(
    '/:planId/progress/:handle/image.png',
    route('The Open Graph picture of a person’s shared progress: PNG, 1200 × 630', {
      params: sharedProgressParams,
      produces: ['image/png'],
      response: { 200: z.any().describe('PNG image'), 304: z.null(), ...readFailures },
    }),
    async (request, reply) => {
      const viewer = readerOf(request);
      const { planId, handle } = request.params;
      const { etag, png } = await shares.image(viewer, planId, handle, request.headers['if-none-match']);
      // Revalidated on each use, so a change of progress shows at the next fetch; per viewer when signed in.
      reply
        .header('Cache-Control', `${isVisitor(viewer) ? 'public' : 'private'}, no-cache`)
        .header('ETag', etag);
      if (png === null) return reply.status(304).send(null);
      return reply.type('image/png').send(png);
    },
  );
};
