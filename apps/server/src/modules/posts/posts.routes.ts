import {
  likeResponse,
  post,
  postIdParams,
  postPage,
  postsOfUserParams,
  postVersionPage,
  scheduledPostChange,
  scheduledPostPage,
  scheduledPostParams,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cursorPagedList,
  deleted,
  deletionResponse,
  pagedList,
  readResponse,
  routeOptions,
  uploadFailures,
  writeResponse,
} from '../../lib/route-schema.js';
import { incomingUpload } from '../../lib/uploads/upload.js';
import { readerOf, viewerOf } from '../../lib/viewer.js';
import type { PostsService } from './posts.service.js';

type PostsRoutesOptions = { posts: PostsService };

const route = routeOptions(['posts']);
const multipartNote =
  'multipart/form-data: part `post` = JSON of title, content, category, learningProgressPercent,' +
  ' altTexts (one description per file, in their order; and removeMediaIds, mediaAltTexts on edit),' +
  ' coverFileIndex (the file that is the cover; on edit also coverMediaId, a kept image);' +
  ' repeated `files` parts (images and videos, checked by content).';

export const postsRoutes: FastifyPluginAsyncZod<PostsRoutesOptions> = async (app, { posts }) => {
  app.get('/', route('All posts, newest first', cursorPagedList(postPage)), async (request) =>
    posts.feed(readerOf(request), request.query),
  );

  app.get(
    '/user/:userId',
    route("A user's posts, newest first", { params: postsOfUserParams, ...cursorPagedList(postPage) }),
    async (request) => posts.byAuthor(readerOf(request), request.params.userId, request.query),
  );

  app.get(
    '/scheduled',
    route('Your scheduled posts, not published yet, soonest first', pagedList(scheduledPostPage)),
    async (request) => posts.scheduled(viewerOf(request), request.query),
  );

  app.patch(
    '/scheduled/:id',
    route('Change the time or text of one of your scheduled posts', {
      params: scheduledPostParams,
      body: scheduledPostChange,
      response: readResponse(post),
    }),
    async (request) => posts.changeScheduled(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/scheduled/:id',
    route('Cancel one of your scheduled posts: it is deleted before anyone saw it', {
      params: scheduledPostParams,
      response: deletionResponse,
    }),
    async (request, reply) => deleted(reply, posts.cancelScheduled(viewerOf(request), request.params.id)),
  );

  app.get(
    '/:id',
    route('One post', { params: postIdParams, response: readResponse(post) }),
    async (request) => posts.byId(readerOf(request), request.params.id),
  );

  app.get(
    '/:id/history',
    route("A post's versions, newest (the current one) first", {
      params: postIdParams,
      ...pagedList(postVersionPage),
    }),
    async (request) => posts.history(readerOf(request), request.params.id, request.query),
  );

  app.post(
    '/',
    route('Publish a post with media', {
      description: multipartNote,
      consumes: ['multipart/form-data'],
      response: { 201: post, ...uploadFailures },
    }),
    async (request, reply) =>
      reply.status(201).send(await posts.create(viewerOf(request), incomingUpload(request))),
  );

  app.put(
    '/:id',
    route('Edit a post: new files are added, removeMediaIds are dropped', {
      description: multipartNote,
      consumes: ['multipart/form-data'],
      params: postIdParams,
      response: { 200: post, ...uploadFailures },
    }),
    async (request) => posts.update(viewerOf(request), request.params.id, incomingUpload(request)),
  );

  app.delete(
    '/:id',
    route('Delete a post with its media, likes, comments and notifications', {
      params: postIdParams,
      response: deletionResponse,
    }),
    async (request, reply) => deleted(reply, posts.remove(viewerOf(request), request.params.id)),
  );

  app.post(
    '/:id/like',
    route('Like or unlike a post (toggle)', { params: postIdParams, response: writeResponse(likeResponse) }),
    async (request) => posts.toggleLike(viewerOf(request), request.params.id),
  );
};
