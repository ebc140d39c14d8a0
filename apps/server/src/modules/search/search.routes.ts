import { searchQuery, searchResult } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { SearchService } from './search.service.js';

const route = routeOptions(['search']);

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/',
    route('Users, posts and learning plans matching a query, most relevant first', {
      description:
        'Quoted phrases, `-word` to exclude and `or` work as in web search engines; the last word also ' +
        'matches as a prefix and names tolerate typos. `page` and `size` apply to each kind of result.',
      querystring: searchQuery,
      response: { 200: searchResult, ...failures(400) },
    }),
    async (request) => search.search(viewerOf(request), request.query),
  );
};
