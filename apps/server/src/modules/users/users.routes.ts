import {
  ownProfile,
  privacySettings,
  privacySettingsUpdate,
  profilePictureResponse,
  profileUpdateBody,
  userHandleParams,
  userIdParams,
  userProfile,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { incomingUpload } from '../../lib/uploads/upload.js';
import { readerOf, viewerOf } from '../../lib/viewer.js';
import type { UsersService } from './users.service.js';

const route = routeOptions(['users']);

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/:id',
    route("A user's profile with follower, following and post counts", {
      params: userIdParams,
      response: { 200: userProfile, ...failures(400, 403, 404) },
    }),
    async (request, reply) => {
      // Counts and the follow state change with every follow: never answer from a cache.
      reply.header('Cache-Control', 'no-store');
      return users.profile(readerOf(request), request.params.id);
    },
  );

  app.get(
    '/by-handle/:handle',
    route("A user's profile found by handle (the /@handle pages)", {
      params: userHandleParams,
      response: { 200: userProfile, ...failures(400, 404) },
    }),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return users.profileByHandle(readerOf(request), request.params.handle);
    },
  );

  app.put(
    '/:id',
    route('Edit your own profile', {
      params: userIdParams,
      body: profileUpdateBody,
      response: { 200: ownProfile, ...failures(400, 403, 404, 409) },
    }),
    async (request) => users.updateProfile(viewerOf(request), request.params.id, request.body),
  );

  app.get(
    '/me/privacy',
    route(
      'What you show others: your e-mail address to members, your profile to visitors, your ' +
        'learning calendar',
      { response: { 200: privacySettings, ...failures(404) } },
    ),
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return users.privacy(viewerOf(request));
    },
  );

  app.put(
    '/me/privacy',
    route(
      'Show or hide your e-mail address from others (in profiles, follower lists and search) and ' +
        'your profile from visitors, your learning calendar from others; a setting left out stays as it is',
      {
        body: privacySettingsUpdate,
        response: { 200: privacySettings, ...failures(400, 404) },
      },
    ),
    async (request) => users.setPrivacy(viewerOf(request), request.body),
  );

  app.post(
    '/profile-picture',
    route('Upload an image (multipart part `file`) and make it your profile picture', {
      consumes: ['multipart/form-data'],
      response: { 200: profilePictureResponse, ...failures(400, 413, 415) },
    }),
    async (request) => users.replacePicture(viewerOf(request), incomingUpload(request)),
  );
};
