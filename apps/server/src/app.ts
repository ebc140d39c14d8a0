import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createEventBus, type EventBus } from './lib/events.js';
import { createJobQueue } from './lib/jobs.js';
import { createLocalStorage } from './lib/storage/local-storage.js';
import type { Storage, Uploads } from './lib/storage/storage.js';
import { createTokenService } from './lib/tokens.js';
import { mediaUrlFor } from './lib/viewer.js';
import { registerActivityHandlers } from './modules/activity/activity.handlers.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { createActivityService } from './modules/activity/activity.service.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { oauthRoutes } from './modules/auth/oauth.routes.js';
import { createOAuthService } from './modules/auth/oauth.service.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { createCommentsService } from './modules/comments/comments.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerNotificationJobs } from './modules/notifications/notifications.fan-out.js';
import { registerNotificationHandlers } from './modules/notifications/notifications.handlers.js';
import { createLiveNotifications } from './modules/notifications/notifications.live.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createPlanFilesService } from './modules/plans/plan-files.service.js';
import { planRoutes } from './modules/plans/plans.routes.js';
import { createPlansService } from './modules/plans/plans.service.js';
import { createProgressService } from './modules/plans/progress.service.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { createPostsService } from './modules/posts/posts.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { followsRoutes } from './modules/users/follows.routes.js';
import { createFollowsService } from './modules/users/follows.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { authPlugin } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { mediaPlugin } from './plugins/media.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webAppPlugin } from './plugins/web-app.js';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /** The built web app to serve (apps/web/dist); absent in API-only tests. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Where uploads are kept; default: the directory DATA_DIR/media. */
  storage?: Storage;
  /** The domain event bus; tests pass one to watch what modules publish. */
  events?: EventBus;
};

/** Builds the whole server: plugins first, then every module. The only place modules are wired. */
export async function buildApp({
  config,
  database,
  webDistDir,
  logger,
  storage: givenStorage,
  events = createEventBus(),
}: AppDependencies) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart for uploads); other bodies are a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    request.mediaUrl = mediaUrlFor(config.publicUrl, request);
  });
  app.decorateRequest('mediaUrl', null as never);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(multipart);
  await app.register(docsPlugin);

  const storage = givenStorage ?? createLocalStorage(path.join(config.dataDir, 'media'));
  if (storage.localRoot) await app.register(mediaPlugin, { root: storage.localRoot });
  // Uploads are staged in DATA_DIR/tmp while they are checked: the same file system as the media directory.
  const uploads: Uploads = { storage, tmpDir: path.join(config.dataDir, 'tmp') };

  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds);
  await app.register(authPlugin, { tokens });

  const db = database.db;
  const users = createUsersService(db, uploads);
  const follows = createFollowsService(db, events);
  const auth = createAuthService(db, tokens);
  const oauth = createOAuthService({ db, tokens, providers: config.oidcProviders, secret: config.jwtSecret });
  const posts = createPostsService({ db, events, uploads, log: app.log });
  const comments = createCommentsService({ db, events });
  const plans = createPlansService({ db, events, storage });
  const notifications = createNotificationsService(db);
  const jobs = createJobQueue(database, app.log, { runWorkers: config.jobWorkers });
  registerNotificationHandlers(events, jobs);
  registerNotificationJobs(db, jobs);
  registerActivityHandlers(events);
  // One LISTEN per process feeds every notification stream it serves, whichever process wrote.
  const liveNotifications = createLiveNotifications(database, notifications.liveUpdate, (error) =>
    app.log.error({ err: error }, 'a live notification could not be delivered'),
  );
  await liveNotifications.start();
  app.decorate('liveNotifications', liveNotifications);
  app.addHook('preClose', () => liveNotifications.stop());
  await jobs.start();

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        users,
        attemptsPerMinute: config.authRateLimitPerMinute,
      });
      await api.register(oauthRoutes, { prefix: '/auth/oauth2', oauth, publicUrl: config.publicUrl });
      await api.register(usersRoutes, { prefix: '/users', users, uploads });
      await api.register(followsRoutes, { prefix: '/users', follows });
      await api.register(postsRoutes, { prefix: '/posts', posts, uploads });
      await api.register(commentsRoutes, { comments });
      await api.register(planRoutes, {
        prefix: '/learning-plans',
        plans,
        progress: createProgressService({ db, events }),
        files: createPlanFilesService({ db, uploads }),
      });
      await api.register(notificationRoutes, {
        prefix: '/notifications',
        notifications,
        live: liveNotifications,
      });
      await api.register(activityRoutes, { prefix: '/users', activity: createActivityService(db) });
      await api.register(analyticsRoutes, {
        prefix: '/analytics',
        analytics: createAnalyticsService({ db, plansFor: plans.plansFor }),
      });
      await api.register(searchRoutes, {
        prefix: '/search',
        search: createSearchService({ db, posts, plans }),
      });
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { distDir: webDistDir });
  app.addHook('onClose', async () => {
    // After the requests in flight (which may enqueue jobs), before the database goes.
    await jobs.stop();
    await database.close();
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
