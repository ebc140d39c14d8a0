import { pageQuery, planParams, savedPage, savedPostParams, saveResponse } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { SavedService } from './saved.service.js';

const route = routeOptions(['saved']);
const responses = { 200: saveResponse, ...failures(400, 404) };

export const savedRoutes: FastifyPluginAsyncZod<{ saved: SavedService }> = async (app, { saved }) => {
  app.get(
    '/',
    route('Your saved posts and learning plans, newest save first', {
      querystring: pageQuery(),
      response: { 200: savedPage, ...failures(400) },
    }),
    async (request) => saved.list(viewerOf(request), request.query),
  );

  for (const [method, isSaved] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    const verb = isSaved ? 'Save' : 'Unsave';
    app.route({
      method,
      url: '/posts/:id',
      ...route(`${verb} a post (idempotent)`, { params: savedPostParams, response: responses }),
      handler: async (request) => saved.setPostSaved(viewerOf(request), request.params.id, isSaved),
    });
    app.route({
      method,
      url: '/learning-plans/:planId',
      ...route(`${verb} a learning plan you can see (idempotent)`, {
        params: planParams,
        response: responses,
      }),
      handler: async (request) => saved.setPlanSaved(viewerOf(request), request.params.planId, isSaved),
    });
  }
};
