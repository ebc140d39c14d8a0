import {
  domainBlockInput,
  domainBlockPage,
  domainBlockParams,
  domainBlockResult,
  pageQuery,
  remoteFollowerServers,
  suspensionParams,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleted, deletionResponse, failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { DomainBlocksService } from './domain-blocks.service.js';

const route = routeOptions(['moderation']);

/**
 * `/api/moderation/domain-blocks`, and where a person's remote followers are (ADMIN_EMAILS only).
 * Mounted with federation off too: a moderator can block servers before turning it on.
 */
export const domainBlockRoutes: FastifyPluginAsyncZod<{ domainBlocks: DomainBlocksService }> = async (
  app,
  { domainBlocks },
) => {
  app.get(
    '/domain-blocks',
    route('The servers blocked from federating with this one, by domain', {
      querystring: pageQuery(),
      response: { 200: domainBlockPage, ...failures(400, 403) },
    }),
    async (request) => domainBlocks.list(viewerOf(request), request.query),
  );

  app.post(
    '/domain-blocks',
    route('Block a server: its activities are refused, its followers, likes and shares removed', {
      body: domainBlockInput,
      response: { 201: domainBlockResult, ...failures(400, 403, 409) },
    }),
    async (request, reply) =>
      reply.status(201).send(await domainBlocks.block(viewerOf(request), request.body)),
  );

  app.get(
    '/users/:userId/remote-followers',
    route("Where a person's followers on other servers are: how many on each server", {
      params: suspensionParams,
      response: { 200: remoteFollowerServers, ...failures(400, 403, 404) },
    }),
    async (request) => domainBlocks.remoteFollowerServers(viewerOf(request), request.params.userId),
  );

  app.delete(
    '/domain-blocks/:domain',
    route('Unblock a server (what blocking removed stays removed)', {
      params: domainBlockParams,
      response: deletionResponse,
    }),
    async (request, reply) => deleted(reply, domainBlocks.unblock(viewerOf(request), request.params.domain)),
  );
};
