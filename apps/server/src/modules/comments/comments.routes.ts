import {
  comment,
  commentIdParams,
  commentInput,
  commentPage,
  commentsOfPostParams,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletionResponse, pagedList, writeFailures } from '../../lib/route-schema.js';
import { readerOf, viewerOf } from '../../lib/viewer.js';
import type { CommentsService } from './comments.service.js';

const tags = ['comments'];

export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  app.get(
    '/posts/:postId/comments',
    {
      schema: {
        tags,
        summary: "A post's comments, newest first",
        params: commentsOfPostParams,
        ...pagedList(commentPage),
      },
    },
    async (request) => comments.ofPost(readerOf(request), request.params.postId, request.query),
  );

  app.post(
    '/posts/:postId/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a post',
        params: commentsOfPostParams,
        body: commentInput,
        response: { 201: comment, ...writeFailures },
      },
    },
    async (request, reply) => {
      const created = await comments.create(viewerOf(request), request.params.postId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: 'Edit your comment',
        params: commentIdParams,
        body: commentInput,
        response: { 200: comment, ...writeFailures },
      },
    },
    async (request) => comments.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete your comment, or any comment on your post',
        params: commentIdParams,
        response: deletionResponse,
      },
    },
    async (request, reply) => {
      await comments.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
