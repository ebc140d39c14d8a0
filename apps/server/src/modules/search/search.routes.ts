import { errorBody, searchQuery, searchResult } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../lib/viewer.js';
import type { SearchService } from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['search'],
        summary: 'Users, posts and learning plans matching a query, most relevant first',
        description:
          'Quoted phrases, `-word` to exclude and `or` work as in web search engines; the last word also ' +
          'matches as a prefix and names tolerate typos. `page` and `size` apply to each kind of result.',
        security: [{ bearerAuth: [] }],
        querystring: searchQuery,
        response: { 200: searchResult, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => search.search(viewerOf(request), request.query),
  );
};
