import { normalizeIP } from '@fastify/rate-limit';
import {
  AUTH_MESSAGES,
  changeEmailBody,
  changePasswordBody,
  confirmEmailBody,
  currentUser,
  forgotPasswordBody,
  type LoginBody,
  loginBody,
  messageResponse,
  resetLinkQuery,
  resetPasswordBody,
  signupBody,
  tokenResponse,
} from '@pathwise/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, unauthorized } from '../../lib/app-error.js';
import { deleted, failures, routeOptions } from '../../lib/route-schema.js';
import { publicOrigin, viewerOf } from '../../lib/viewer.js';
import type { UsersService } from '../users/index.js';
import type { AuthService } from './auth.service.js';
import type { SignInAttempts } from './sign-in-attempts.js';

const route = routeOptions(['auth']);

type AuthRoutesOptions = {
  auth: AuthService;
  users: UsersService;
  signInAttempts: SignInAttempts;
  attemptsPerMinute: number;
  /** The origin reset links point at (PUBLIC_URL), else the request's. */
  publicUrl: string | undefined;
  /** ADMIN_EMAILS, lowercased: `/me` tells these accounts they moderate. */
  moderatorEmails: ReadonlySet<string>;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, users, signInAttempts, attemptsPerMinute, publicUrl, moderatorEmails },
) => {
  // An IPv6 client holds a whole /64: one address for every limit.
  const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);
  // Per client address, every attempt counts; the plugin adds Retry-After.
  const perAddress = app.rateLimit({
    max: attemptsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `auth-address:${addressOf(request)}`,
    errorResponseBuilder: () => new AppError(429, AUTH_MESSAGES.tooManyAttempts),
  });
  // Per account, only failed sign-ins count (sign-in-attempts.ts).
  const unlessLockedOut = async (request: FastifyRequest, reply: FastifyReply) => {
    // Runs after validation: the body is a LoginBody.
    const lock = await signInAttempts.lock((request.body as LoginBody).email, addressOf(request));
    if (!lock) return;
    reply.header('retry-after', lock.retryAfterSeconds);
    throw new AppError(429, AUTH_MESSAGES.tooManyFailedSignIns(lock.retryAfterSeconds));
  };

  app.post(
    '/signup',
    {
      preHandler: [perAddress],
      schema: {
        tags: ['auth'],
        summary: 'Create an account with e-mail and password',
        body: signupBody,
        response: { 201: tokenResponse, ...failures(400, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body)),
  );

  app.post(
    '/login',
    {
      preHandler: [perAddress, unlessLockedOut],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginBody,
        response: { 200: tokenResponse, ...failures(400, 403, 429) },
      },
    },
    async (request) =>
      signInAttempts.track(request.body.email, addressOf(request), () => auth.login(request.body)),
  );

  app.get(
    '/me',
    route('The signed-in user', {
      response: { 200: currentUser },
    }),
    async (request) => {
      const user = await users.currentUser(viewerOf(request));
      if (!user) throw unauthorized(AUTH_MESSAGES.unauthenticated);
      return { ...user, isModerator: moderatorEmails.has(user.email.toLowerCase()) };
    },
  );

  app.post(
    '/password/forgot',
    {
      // Limited like sign-in: each request may send a mail.
      preHandler: [perAddress],
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link, if the address has an account (the response does not say)',
        body: forgotPasswordBody,
        response: { 202: messageResponse, ...failures(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.forgotPassword(request.body.email, publicOrigin(publicUrl, request));
      return reply.status(202).send({ message: AUTH_MESSAGES.resetLinkSent });
    },
  );

  app.get(
    '/password/reset',
    {
      // Limited like the reset itself: the token is the credential being tried.
      preHandler: [perAddress],
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link still works (asked when it is opened); uses nothing up',
        querystring: resetLinkQuery,
        response: { 204: z.null().describe('The link works'), ...failures(400, 403, 404, 410, 429) },
      },
    },
    async (request, reply) => deleted(reply, auth.checkResetLink(request.query.token)),
  );

  app.post(
    '/password/reset',
    {
      preHandler: [perAddress],
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token of a reset link; ends every session',
        body: resetPasswordBody,
        response: { 200: messageResponse, ...failures(400, 403, 429) },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/password/change',
    route('Change (or, after social sign-in, set) the password; ends every other session', {
      description: 'Answers a new token for this device: every token issued before is refused.',
      body: changePasswordBody,
      response: { 200: tokenResponse, ...failures(400) },
    }),
    async (request) => auth.changePassword(viewerOf(request).id, request.body),
  );

  app.post(
    '/email/change',
    {
      // Each request mails a stranger's address: limited per client address like the reset mail.
      preHandler: [perAddress],
      schema: {
        tags: ['auth'],
        summary: 'Mail a link to a new e-mail address; the address changes when the link is opened',
        description:
          'The current password is asked, except by an account made by social sign-in, which has none. ' +
          'An address another account uses is a 409, as at sign-up.',
        body: changeEmailBody,
        response: { 202: messageResponse, ...failures(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const message = await auth.changeEmail(
        viewerOf(request).id,
        request.body,
        publicOrigin(publicUrl, request),
      );
      return reply.status(202).send({ message });
    },
  );

  app.post(
    '/email/confirm',
    {
      preHandler: [perAddress],
      schema: {
        tags: ['auth'],
        summary: 'Move the account to the address a confirmation link was sent to',
        description: "The link's token is the credential: it may be opened signed out, on another device.",
        body: confirmEmailBody,
        response: { 200: messageResponse, ...failures(400, 409, 429) },
      },
    },
    async (request) => ({ message: await auth.confirmEmail(request.body.token) }),
  );

  app.post(
    '/sign-out-everywhere',
    route('End every session of the signed-in user', {
      description: 'Answers a new token for this device: every token issued before is refused.',
      response: { 200: tokenResponse },
    }),
    async (request) => auth.signOutEverywhere(viewerOf(request).id),
  );
};
