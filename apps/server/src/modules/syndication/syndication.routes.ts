import { profileFeedParams, tagFeedParams, xmlDocument } from '@pathwise/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readResponse, routeOptions } from '../../lib/route-schema.js';
import { publicOrigin } from '../../lib/viewer.js';
import type { SyndicationService } from './syndication.service.js';

const route = routeOptions(['site']);

/** Feeds live beside the pages they are of (`/@handle`), where feed readers look, not under /api. */
export const syndicationRoutes: FastifyPluginAsyncZod<{
  syndication: SyndicationService;
  publicUrl: string | undefined;
}> = async (app, { syndication, publicUrl }) => {
  app.get(
    '/@:handle/feed.xml',
    route("An Atom feed of a person's newest public posts", {
      description:
        'Only with PUBLIC_READING on and for a profile shown to visitors; 404 otherwise. No token needed.',
      params: profileFeedParams,
      response: readResponse(xmlDocument),
    }),
    async (request, reply) =>
      atom(reply, await syndication.profileFeed(request.params.handle, publicOrigin(publicUrl, request))),
  );

  app.get(
    '/tags/:tag/feed.xml',
    route('An Atom feed of the newest public posts with a tag', {
      description: 'Only with PUBLIC_READING on; 404 otherwise. No token needed.',
      params: tagFeedParams,
      response: readResponse(xmlDocument),
    }),
    async (request, reply) =>
      atom(reply, await syndication.tagFeed(request.params.tag, publicOrigin(publicUrl, request))),
  );
};

// Feed readers poll: a minute of caching spares the database without keeping a new post long.
const atom = (reply: FastifyReply, feed: string) =>
  reply.type('application/atom+xml; charset=utf-8').header('Cache-Control', 'public, max-age=60').send(feed);
