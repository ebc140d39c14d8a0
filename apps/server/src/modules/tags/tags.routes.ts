import {
  tagFollowResponse,
  taggedPlanPage,
  taggedPostPage,
  tagParams,
  tagSuggestions,
  tagSuggestionsQuery,
  tagSummary,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, pagedList, routeOptions } from '../../lib/route-schema.js';
import { readerOf, viewerOf } from '../../lib/viewer.js';
import type { TagsService } from './tags.service.js';

const route = routeOptions(['tags']);

/** `/api/tags`: the editor's suggestions, the tag page and following a tag. */
export const tagsRoutes: FastifyPluginAsyncZod<{ tags: TagsService }> = async (app, { tags: service }) => {
  app.get(
    '/',
    route('Tags beginning with `prefix`, most used first (for the editor)', {
      querystring: tagSuggestionsQuery,
      response: { 200: tagSuggestions, ...failures(400) },
    }),
    async (request) => service.suggestions(viewerOf(request), request.query.prefix),
  );

  app.get(
    '/:tag',
    route('A tag: how many posts and public plans carry it, and whether you follow it', {
      params: tagParams,
      response: { 200: tagSummary, ...failures(400) },
    }),
    async (request) => service.summary(readerOf(request), request.params.tag),
  );

  app.get(
    '/:tag/posts',
    route("A tag's posts, newest first", {
      params: tagParams,
      ...pagedList(taggedPostPage),
    }),
    async (request) => service.posts(readerOf(request), request.params.tag, request.query),
  );

  app.get(
    '/:tag/plans',
    route("A tag's learning plans, newest first", {
      params: tagParams,
      ...pagedList(taggedPlanPage),
    }),
    async (request) => service.plans(readerOf(request), request.params.tag, request.query),
  );

  for (const [method, following] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:tag/follow',
      ...route(`${following ? 'Follow' : 'Unfollow'} a tag: its posts join your Following tab (idempotent)`, {
        params: tagParams,
        response: { 200: tagFollowResponse, ...failures(400) },
      }),
      handler: async (request) => service.setFollowing(viewerOf(request), request.params.tag, following),
    });
  }
};
