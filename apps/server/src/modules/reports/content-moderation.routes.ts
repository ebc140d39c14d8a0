import {
  commentIdParams,
  type HideableTargetType,
  hideBody,
  moderatedGroupPostParams,
  moderatedPlanParams,
  postIdParams,
  removeGroupPostBody,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleted, failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { ContentModerationService } from './content-moderation.service.js';

const route = routeOptions(['moderation']);
const response = (done: string) => ({ 204: z.null().describe(done), ...failures(400, 403, 404) });
const unhideResponse = { ...response('Shown to everyone again'), ...failures(409) };

/** Each kind of content a moderator can hide: its path, its id parameter, and how it is named. */
const KINDS = [
  { path: 'posts', params: postIdParams, type: 'POST', name: 'a post' },
  { path: 'comments', params: commentIdParams, type: 'COMMENT', name: 'a comment' },
  { path: 'plans', params: moderatedPlanParams, type: 'LEARNING_PLAN', name: 'a learning plan' },
] as const satisfies readonly { path: string; params: unknown; type: HideableTargetType; name: string }[];

/**
 * `/api/moderation/{posts|comments|plans}/{id}/hide|unhide`, `/api/moderation/group-posts/{id}/remove`
 * (ADMIN_EMAILS only).
 */
export const contentModerationRoutes: FastifyPluginAsyncZod<{
  moderation: ContentModerationService;
}> = async (app, { moderation }) => {
  for (const kind of KINDS) {
    app.post(
      `/${kind.path}/:id/hide`,
      route(`Hide ${kind.name} from everyone but its author, with a reason its author reads`, {
        params: kind.params,
        body: hideBody,
        response: response('Hidden'),
      }),
      async (request, reply) =>
        deleted(
          reply,
          moderation.hide(viewerOf(request), { type: kind.type, id: request.params.id }, request.body.reason),
        ),
    );
    app.post(
      `/${kind.path}/:id/unhide`,
      route(`Show ${kind.name} a moderator hid to everyone again`, {
        params: kind.params,
        response: unhideResponse,
      }),
      async (request, reply) =>
        deleted(reply, moderation.unhide(viewerOf(request), { type: kind.type, id: request.params.id })),
    );
  }
  app.post(
    '/group-posts/:id/remove',
    route("Remove a post (with its replies) from a study group's discussion, resolving its reports", {
      params: moderatedGroupPostParams,
      body: removeGroupPostBody,
      response: response('Removed'),
    }),
    async (request, reply) =>
      deleted(reply, moderation.removeGroupPost(viewerOf(request), request.params.id, request.body.note)),
  );
};
