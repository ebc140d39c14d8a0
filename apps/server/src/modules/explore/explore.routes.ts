import { explore } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '../../lib/route-schema.js';
import { readerOf } from '../../lib/viewer.js';
import type { ExploreService } from './explore.service.js';

const route = routeOptions(['explore']);

/** `/api/explore`: the Explore page's rankings, for members, and for visitors when PUBLIC_READING is on. */
export const exploreRoutes: FastifyPluginAsyncZod<{ explore: ExploreService }> = async (app, deps) => {
  app.get(
    '/explore',
    route('Trending posts, plans most used as templates lately and plans most learned this month', {
      response: { 200: explore },
    }),
    async (request) => deps.explore.page(readerOf(request)),
  );
};
