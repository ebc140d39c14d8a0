import { normalizeIP } from '@fastify/rate-limit';
import {
  ACCOUNT_EXPORT_FILE_NAME,
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  deleteAccountBody,
  messageResponse,
} from '@pathwise/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { failures } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { AccountService } from './account.service.js';

/** Exports one person may ask for in a minute: each reads all their files from storage. */
const EXPORTS_PER_MINUTE = 3;

export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  attemptsPerMinute: number;
}> = async (app, { account, attemptsPerMinute }) => {
  app.get(
    '/export',
    {
      preHandler: app.rateLimit({
        max: EXPORTS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `account-export:${request.userId}`,
        errorResponseBuilder: () => new AppError(429, ACCOUNT_MESSAGES.tooManyExports),
      }),
      schema: {
        tags: ['account'],
        summary: 'Download my data: a ZIP of JSON files and the files I uploaded',
        description:
          'profile, posts (with their media), comments, learning plans (topics, resources and files), ' +
          'progress, follows, likes, saved items and notifications, streamed as the archive is made.',
        response: {
          200: z
            .unknown()
            .describe(`A ZIP archive (application/zip), offered as ${ACCOUNT_EXPORT_FILE_NAME}`),
          ...failures(429),
        },
      },
    },
    async (request, reply) => {
      const archive = await account.exportArchive(viewerOf(request).id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${ACCOUNT_EXPORT_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );

  app.post(
    '/delete',
    {
      // A password is checked: limited per client address like sign-in.
      preHandler: app.rateLimit({
        max: attemptsPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `auth-address:${normalizeIP(request.ip)}`,
        errorResponseBuilder: () => new AppError(429, AUTH_MESSAGES.tooManyAttempts),
      }),
      schema: {
        tags: ['account'],
        summary: 'Delete my account and everything I made',
        description:
          'Confirmed with the password, or, by an account made by social sign-in (which has none), ' +
          'with its e-mail address typed out. Every token of the account is refused afterwards.',
        body: deleteAccountBody,
        response: { 200: messageResponse, ...failures(400, 429) },
      },
    },
    async (request) => {
      await account.deleteAccount(viewerOf(request).id, request.body);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
