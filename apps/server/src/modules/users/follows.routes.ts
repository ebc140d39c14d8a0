import {
  followResult,
  followStatus,
  page,
  remoteFollower,
  remoteFollowerParams,
  userIdParams,
  userListItem,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleted, deletionResponse, pagedList, readResponse, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { FollowDirection } from './follows.queries.js';
import type { FollowsService } from './follows.service.js';

const route = routeOptions(['follows']);

export const followsRoutes: FastifyPluginAsyncZod<{ follows: FollowsService }> = async (app, { follows }) => {
  app.get(
    '/:id/follow/status',
    route('Whether you follow this user', {
      params: userIdParams,
      response: readResponse(followStatus),
    }),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return follows.status(viewerOf(request), request.params.id);
    },
  );

  const followRoute = (method: 'POST' | 'DELETE', follow: boolean, summary: string) =>
    app.route({
      method,
      url: '/:id/follow',
      schema: {
        tags: ['follows'],
        summary,
        params: userIdParams,
        response: readResponse(followResult),
      },
      handler: async (request) => follows.setFollowing(viewerOf(request), request.params.id, follow),
    });
  followRoute('POST', true, 'Follow a user (following twice keeps one follow)');
  followRoute('DELETE', false, 'Stop following a user (a no-op when you do not follow them)');

  const listRoute = (direction: FollowDirection, summary: string) =>
    app.get(
      `/:id/${direction}`,
      {
        schema: {
          tags: ['follows'],
          summary,
          params: userIdParams,
          ...pagedList(page(userListItem)),
        },
      },
      async (request) => follows.list(viewerOf(request), request.params.id, direction, request.query),
    );
  listRoute('followers', "A user's followers, newest first");
  listRoute('following', 'The users a user follows, newest first');

  app.get(
    '/:id/followers/remote',
    {
      schema: {
        tags: ['follows'],
        summary: "A user's followers on other servers (federation), newest first",
        params: userIdParams,
        ...pagedList(page(remoteFollower)),
      },
    },
    async (request) => follows.listRemote(request.params.id, request.query),
  );

  app.delete(
    '/me/followers/remote/:id',
    route('Remove one of your followers on another server', {
      description:
        'Their server gets an ActivityPub Reject of their Follow, so they stop following you; they may ' +
        'follow you again. 404 for someone who does not follow you.',
      params: remoteFollowerParams,
      response: deletionResponse,
    }),
    async (request, reply) => deleted(reply, follows.removeRemote(viewerOf(request), request.params.id)),
  );
};
