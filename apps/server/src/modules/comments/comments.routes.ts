import {
  comment,
  commentIdParams,
  commentInput,
  commentPage,
  commentsOfPostParams,
  commentVersionPage,
  likeResponse,
  newCommentInput,
  replyPage,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleted,
  deletionResponse,
  pagedList,
  routeOptions,
  writeFailures,
  writeResponse,
} from '../../lib/route-schema.js';
import { readerOf, viewerOf } from '../../lib/viewer.js';
import type { CommentsService } from './comments.service.js';

const route = routeOptions(['comments']);

export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  app.get(
    '/posts/:postId/comments',
    route("A post's comments, newest first, each with its first replies", {
      params: commentsOfPostParams,
      ...pagedList(commentPage),
    }),
    async (request) => comments.ofPost(readerOf(request), request.params.postId, request.query),
  );

  app.post(
    '/posts/:postId/comments',
    route('Comment on a post, or reply to a comment (parentCommentId)', {
      params: commentsOfPostParams,
      body: newCommentInput,
      response: { 201: comment, ...writeFailures },
    }),
    async (request, reply) =>
      reply.status(201).send(await comments.create(viewerOf(request), request.params.postId, request.body)),
  );

  app.get(
    '/comments/:id/history',
    route("A comment's versions, newest (the current one) first", {
      params: commentIdParams,
      ...pagedList(commentVersionPage),
    }),
    async (request) => comments.history(readerOf(request), request.params.id, request.query),
  );

  app.put(
    '/comments/:id',
    route('Edit your comment', {
      params: commentIdParams,
      body: commentInput,
      response: writeResponse(comment),
    }),
    async (request) => comments.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/comments/:id',
    route('Delete your comment, or any comment on your post', {
      params: commentIdParams,
      response: deletionResponse,
    }),
    async (request, reply) => deleted(reply, comments.remove(viewerOf(request), request.params.id)),
  );

  app.get(
    '/comments/:id/replies',
    route("A comment's replies, oldest first", { params: commentIdParams, ...pagedList(replyPage) }),
    async (request) => comments.repliesOf(readerOf(request), request.params.id, request.query),
  );

  app.post(
    '/comments/:id/like',
    route('Like or unlike a comment (toggle)', {
      params: commentIdParams,
      response: writeResponse(likeResponse),
    }),
    async (request) => comments.toggleLike(viewerOf(request), request.params.id),
  );
};
