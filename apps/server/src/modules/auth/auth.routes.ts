import {
  AUTH_MESSAGES,
  currentUser,
  errorBody,
  type LoginBody,
  loginBody,
  signupBody,
  tokenResponse,
} from '@pathwise/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthorized } from '../../lib/app-error.js';
import { viewerOf } from '../../lib/viewer.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';

type AuthRoutesOptions = { auth: AuthService; users: UsersService; attemptsPerMinute: number };

const ACCOUNT_ATTEMPTS_PER_15_MINUTES = 10;

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, users, attemptsPerMinute },
) => {
  const tooManyAttempts = () => new AppError(429, AUTH_MESSAGES.tooManyAttempts);
  // Brute-force protection: per client address, and per account whatever the address.
  const perAddress = app.rateLimit({
    max: attemptsPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: tooManyAttempts,
  });
  // A second limiter on the same request must be called directly: the plugin runs one hook per request.
  const accountAttempts = app.createRateLimit({
    max: ACCOUNT_ATTEMPTS_PER_15_MINUTES,
    timeWindow: 15 * 60_000,
    keyGenerator: (request: FastifyRequest) => `account:${(request.body as LoginBody).email.toLowerCase()}`,
  });
  const perAccount = async (request: FastifyRequest) => {
    const attempts = await accountAttempts(request);
    if (!attempts.isAllowed && attempts.isExceeded) throw tooManyAttempts();
  };

  app.post(
    '/signup',
    {
      preHandler: [perAddress],
      schema: {
        tags: ['auth'],
        summary: 'Create an account with e-mail and password',
        body: signupBody,
        response: { 201: tokenResponse, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body)),
  );

  app.post(
    '/login',
    {
      preHandler: [perAddress, perAccount],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginBody,
        response: { 200: tokenResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => auth.login(request.body),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: currentUser, 401: errorBody },
      },
    },
    async (request) => {
      const user = await users.currentUser(viewerOf(request));
      if (!user) throw unauthorized(AUTH_MESSAGES.unauthenticated);
      return user;
    },
  );
};
