import {
  followingFeedPageWithRemote,
  followingFeedQuery,
  followSuggestions,
  plansInProgress,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { FeedService } from './feed.service.js';

const route = routeOptions(['feed']);

/** `/api/feed`: the home page's Following tab and side column, for the signed-in viewer only. */
export const feedRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  app.get(
    '/following',
    route(
      'Posts and learning plans of the people you follow, and posts of the tags you follow, newest first',
      {
        description:
          'With `remote=true`, posts of people you follow on other servers too, as `REMOTE_POST` items ' +
          '(read-only, sanitised HTML, a link to the original); without it, never.',
        querystring: followingFeedQuery,
        response: { 200: followingFeedPageWithRemote, ...failures(400) },
      },
    ),
    async (request) => feed.following(viewerOf(request), request.query),
  );

  app.get(
    '/suggestions',
    route(
      'People you do not follow yet: the most followed of those posting in your categories, then the ' +
        'most followed',
      {
        response: { 200: followSuggestions },
      },
    ),
    async (request) => feed.suggestions(viewerOf(request)),
  );

  app.get(
    '/plans-in-progress',
    route('Your own and tracked learning plans not completed yet, most recently worked on first', {
      response: { 200: plansInProgress },
    }),
    async (request) => feed.plansInProgress(viewerOf(request)),
  );
};
