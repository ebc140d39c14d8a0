import {
  group,
  groupActivityPage,
  groupBoard,
  groupBoardQuery,
  groupBody,
  groupInvite,
  groupMemberParams,
  groupPage,
  groupParams,
  groupPost,
  groupPostBody,
  groupPostPage,
  groupPostParams,
  groupQuery,
  groupRemovalPage,
  groupRemovalParams,
  joinBody,
  memberRoleBody,
  userIdParams,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleted,
  deletionResponse,
  failures,
  pagedList,
  readResponse,
  routeOptions,
  uploadFailures,
  writeFailures,
  writeResponse,
} from '../../lib/route-schema.js';
import { incomingUpload } from '../../lib/uploads/upload.js';
import { viewerOf } from '../../lib/viewer.js';
import type { GroupsService } from './groups.service.js';

const route = routeOptions(['groups']);

/**
 * Study groups, under `/api/groups`: made on a plan the viewer can see, joined (public, or with the invite
 * link's token) and left, managed by organisers, and their progress board, read by members.
 */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  /**
   * A group's lists read a page at a time, at `/:id/<list>`, each answered by the service's method of
   * that name. Only members may read them (the removals, organisers only): a 403 beside a read's failures.
   */
  const pages = { removals: groupRemovalPage, activity: groupActivityPage, posts: groupPostPage };
  const pagedGroupList = (list: keyof typeof pages, summary: string) =>
    app.get(
      `/:id/${list}`,
      route(summary, {
        params: groupParams,
        querystring: pagedList(pages[list]).querystring,
        response: { 200: pages[list], ...failures(400, 403, 404) },
      }),
      async (request) => groups[list](viewerOf(request), request.params.id, request.query),
    );

  app.post(
    '/',
    route('Start a study group on a learning plan you can see; you are its founder and an organiser', {
      body: groupBody,
      response: { 201: group, ...failures(400, 404) },
    }),
    async (request, reply) => reply.status(201).send(await groups.create(viewerOf(request), request.body)),
  );

  app.get('/', route('Your study groups, newest joined first', pagedList(groupPage)), async (request) =>
    groups.mine(viewerOf(request), request.query),
  );

  app.get(
    '/:id',
    route('A study group: its members see it, others a public one or one whose invite token they give', {
      params: groupParams,
      querystring: groupQuery,
      response: readResponse(group),
    }),
    async (request) => groups.one(viewerOf(request), request.params.id, request.query.invite),
  );

  app.post(
    '/:id/members',
    route('Join a study group: a public one, or an invite-only one with its invite token', {
      params: groupParams,
      body: joinBody,
      response: writeResponse(group),
    }),
    async (request) => groups.join(viewerOf(request), request.params.id, request.body?.inviteToken),
  );

  app.delete(
    '/:id/members',
    route('Leave a study group (its founder cannot)', { params: groupParams, response: deletionResponse }),
    async (request, reply) => deleted(reply, groups.leave(viewerOf(request), request.params.id)),
  );

  app.delete(
    '/:id/members/:userId',
    route('Remove a member (organisers; another organiser only by the founder)', {
      params: groupMemberParams,
      response: deletionResponse,
    }),
    async (request, reply) =>
      deleted(reply, groups.remove(viewerOf(request), request.params.id, request.params.userId)),
  );

  pagedGroupList(
    'removals',
    'The people the organisers removed, who cannot join again; most recent first (organisers)',
  );

  app.delete(
    '/:id/removals/:userId',
    route('Let a removed person back: they may join again (organisers)', {
      params: groupRemovalParams,
      response: deletionResponse,
    }),
    async (request, reply) =>
      deleted(reply, groups.liftRemoval(viewerOf(request), request.params.id, request.params.userId)),
  );

  app.put(
    '/:id/members/:userId/role',
    route('Make a member an organiser, or an organiser a member again (the founder only)', {
      params: groupMemberParams,
      body: memberRoleBody,
      response: { 200: memberRoleBody, ...writeFailures },
    }),
    async (request) =>
      groups.setRole(viewerOf(request), request.params.id, request.params.userId, request.body.role),
  );

  app.post(
    '/:id/invite',
    route('Make a new invite link token (organisers); the previous one stops working', {
      params: groupParams,
      response: writeResponse(groupInvite),
    }),
    async (request) => groups.newInvite(viewerOf(request), request.params.id),
  );

  app.delete(
    '/:id/invite',
    route('Revoke the invite link (organisers)', { params: groupParams, response: deletionResponse }),
    async (request, reply) => deleted(reply, groups.revokeInvite(viewerOf(request), request.params.id)),
  );

  app.get(
    '/:id/progress',
    route('The progress board: every member against every topic of the plan, sorted, paged (members only)', {
      description:
        '`sort`: role (founder, organisers, then by joining; the default), name, progress (topics done ' +
        'or skipped, then done) or joined; `direction` asc or desc, by default each sort’s own ' +
        '(progress: desc).',
      params: groupParams,
      querystring: groupBoardQuery,
      response: { 200: groupBoard, ...failures(400, 403, 404) },
    }),
    async (request) => groups.board(viewerOf(request), request.params.id, request.query),
  );

  pagedGroupList(
    'activity',
    'The topics the members finished, newest first, while they stay done (members only)',
  );

  pagedGroupList('posts', 'The group’s discussion, newest post first, each with its replies (members only)');

  app.post(
    '/:id/posts',
    route('Post in the group’s discussion, or reply to a post with `replyToId` (members only)', {
      description:
        'As JSON, or with images and videos as multipart/form-data: part `post` = this JSON (altTexts ' +
        'describing the files in their order), repeated `files` parts (checked by content, as for posts).',
      consumes: ['application/json', 'multipart/form-data'],
      params: groupParams,
      // Optional: a multipart request has no JSON body; its `post` part is checked by the service.
      body: groupPostBody.nullish(),
      response: { 201: groupPost, ...uploadFailures },
    }),
    async (request, reply) => {
      const input = request.isMultipart() ? { upload: incomingUpload(request) } : { body: request.body };
      return reply.status(201).send(await groups.post(viewerOf(request), request.params.id, input));
    },
  );

  app.delete(
    '/:id/posts/:postId',
    route('Delete a post or reply of the discussion (its author, or an organiser)', {
      params: groupPostParams,
      response: deletionResponse,
    }),
    async (request, reply) =>
      deleted(reply, groups.removePost(viewerOf(request), request.params.id, request.params.postId)),
  );
};

/** A person's groups, under `/api/users` beside their other lists: the ones the viewer may see. */
export const userGroupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.get(
    '/:id/groups',
    route('The study groups a person is in: public ones, and invite-only ones you are in too', {
      params: userIdParams,
      ...pagedList(groupPage),
    }),
    async (request) => groups.ofUser(viewerOf(request), request.params.id, request.query),
  );
};
