import {
  remoteAccount,
  remoteAccountParams,
  remoteFollowInput,
  remoteFollowResponse,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleted,
  deletionResponse,
  readResponse,
  routeOptions,
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
};
