import {
  errorBody,
  profilePictureResponse,
  profileUpdateBody,
  userIdParams,
  userProfile,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { incomingUpload } from '../../lib/uploads/upload.js';
import { viewerOf } from '../../lib/viewer.js';
import { requireUser } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  // Signed-in users only, checked before the id so visitors learn nothing from these paths.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary: "A user's profile with follower, following and post counts",
        security: [{ bearerAuth: [] }],
        params: userIdParams,
        response: { 200: userProfile, ...errors },
      },
    },
    async (request, reply) => {
      // Counts and the follow state change with every follow: never answer from a cache.
      reply.header('Cache-Control', 'no-store');
      return users.profile(viewerOf(request), request.params.id);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit your own profile',
        security: [{ bearerAuth: [] }],
        params: userIdParams,
        body: profileUpdateBody,
        response: { 200: userProfile, ...errors, 409: errorBody },
      },
    },
    async (request) => users.updateProfile(viewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/profile-picture',
    {
      schema: {
        tags: ['users'],
        summary: 'Upload an image (multipart part `file`) and make it your profile picture',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: profilePictureResponse, ...errors, 413: errorBody, 415: errorBody },
      },
    },
    async (request) => users.replacePicture(viewerOf(request), incomingUpload(request)),
  );
};
