import { blockStatus, muteStatus, page, restrictedUser, userIdParams } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedList, readFailures } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { BlockingService } from './blocking.service.js';

export const blockingRoutes: FastifyPluginAsyncZod<{ blocking: BlockingService }> = async (
  app,
  { blocking },
) => {
  const setRoute = (kind: 'block' | 'mute', method: 'PUT' | 'DELETE', summary: string) =>
    app.route({
      method,
      url: `/:id/${kind}`,
      schema: {
        tags: ['blocking'],
        summary,
        params: userIdParams,
        response: { 200: kind === 'block' ? blockStatus : muteStatus, ...readFailures },
      },
      handler: async (request) => {
        const viewer = viewerOf(request);
        const on = method === 'PUT';
        return kind === 'block'
          ? blocking.setBlocked(viewer, request.params.id, on)
          : blocking.setMuted(viewer, request.params.id, on);
      },
    });
  setRoute(
    'block',
    'PUT',
    'Block a user: each of you stops seeing the other’s posts and plans, follows both ways end',
  );
  setRoute('block', 'DELETE', 'Unblock a user (a no-op when not blocked)');
  setRoute('mute', 'PUT', 'Mute a user: their posts and notifications are hidden from you, silently');
  setRoute('mute', 'DELETE', 'Unmute a user (a no-op when not muted)');

  const listRoute = (kind: 'blocks' | 'mutes', summary: string) =>
    app.get(
      `/me/${kind}`,
      { schema: { tags: ['blocking'], summary, ...pagedList(page(restrictedUser)) } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return blocking[kind](viewerOf(request), request.query);
      },
    );
  listRoute('blocks', 'The users you blocked, newest first');
  listRoute('mutes', 'The users you muted, newest first');
};
