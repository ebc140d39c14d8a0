import {
  likeResponse,
  remoteAccount,
  remoteAccountParams,
  remoteFollowInput,
  remoteFollowResponse,
  remotePostParams,
  remotePostReply,
  remotePostReplyInput,
  remotePostReplyParams,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleted,
  deletionResponse,
  readResponse,
  routeOptions,
  writeFailures,
  writeResponse,
} from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { PathwiseFederation } from './federation.js';

const route = routeOptions(['federation']);

/** The API's side of federation, for signed-in people; only mounted with FEDERATION=true. */
export const federationApiRoutes: FastifyPluginAsyncZod<{ federation: PathwiseFederation }> = async (
  app,
  { federation },
) => {
  app.post(
    '/follows',
    route('Follow someone on another server (sends an ActivityPub Follow)', {
      description:
        'Only with FEDERATION=true. The other server accepts or refuses in its own time: ' +
        '`account.followState` is PENDING until it does.',
      body: remoteFollowInput,
      response: { ...writeResponse(remoteFollowResponse) },
    }),
    async (request) => federation.follow(viewerOf(request), request.body.account),
  );

  app.delete(
    '/follows/:id',
    route('Stop following someone on another server (sends an ActivityPub Undo of the Follow)', {
      params: remoteAccountParams,
      response: deletionResponse,
    }),
    async (request, reply) => deleted(reply, federation.unfollow(viewerOf(request), request.params.id)),
  );

  for (const [path, restriction, what] of [
    ['block', 'BLOCK', 'Block'],
    ['mute', 'MUTE', 'Mute'],
  ] as const) {
    app.put(
      `/accounts/:id/${path}`,
      route(`${what} someone on another server`, {
        description:
          restriction === 'BLOCK'
            ? 'Their comments stop showing to you, their notifications stop, follows end both ways ' +
              '(an Undo of your Follow goes to them) and their Follow is refused.'
            : 'Their notifications and their posts in your Following tab stop.',
        params: remoteAccountParams,
        response: readResponse(remoteAccount),
      }),
      async (request) => federation.restrict(viewerOf(request), request.params.id, restriction, true),
    );
    app.delete(
      `/accounts/:id/${path}`,
      route(`Lift a ${path} of someone on another server`, {
        params: remoteAccountParams,
        response: readResponse(remoteAccount),
      }),
      async (request) => federation.restrict(viewerOf(request), request.params.id, restriction, false),
    );
  }

  app.get(
    '/accounts/:id',
    route('Someone on another server known here, with whether you follow them', {
      params: remoteAccountParams,
      response: readResponse(remoteAccount),
    }),
    async (request) => federation.account(viewerOf(request), request.params.id),
  );

  for (const [method, on] of [
    ['put', true],
    ['delete', false],
  ] as const)
    app[method](
      '/posts/:id/like',
      route(on ? 'Like a post from another server' : 'Take back a like of a post from another server', {
        description:
          'A post of someone you follow there, in your Following feed (`id`: the REMOTE_POST item). ' +
          `${on ? 'A Like' : 'An Undo of your Like'} goes to its author's server. ` +
          '`likesCount` counts the likes from here.',
        params: remotePostParams,
        response: writeResponse(likeResponse),
      }),
      async (request) => federation.likeRemotePost(viewerOf(request), request.params.id, on),
    );

  app.post(
    '/posts/:id/replies',
    route('Reply to a post from another server', {
      description:
        'Sent as a Note (Create) to its author and your followers elsewhere; the Following feed shows ' +
        'your replies under it (`myReplies`).',
      params: remotePostParams,
      body: remotePostReplyInput,
      response: { 201: remotePostReply, ...writeFailures },
    }),
    async (request, reply) => {
      const created = await federation.replyToRemotePost(
        viewerOf(request),
        request.params.id,
        request.body.content,
      );
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/posts/:id/replies/:replyId',
    route('Edit your reply to a post from another server', {
      description: 'Sent as an Update of its Note to where the reply went.',
      params: remotePostReplyParams,
      body: remotePostReplyInput,
      response: writeResponse(remotePostReply),
    }),
    async (request) =>
      federation.editRemotePostReply(
        viewerOf(request),
        request.params.id,
        request.params.replyId,
        request.body.content,
      ),
  );

  app.delete(
    '/posts/:id/replies/:replyId',
    route('Delete your reply to a post from another server', {
      description: 'A Delete of its Note goes to where the reply went; their servers drop their copy.',
      params: remotePostReplyParams,
      response: deletionResponse,
    }),
    async (request, reply) =>
      deleted(
        reply,
        federation.deleteRemotePostReply(viewerOf(request), request.params.id, request.params.replyId),
      ),
  );
};
