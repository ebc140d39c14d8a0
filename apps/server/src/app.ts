import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createSessionCache } from './db/session-cache.js';
import { createSharedPages } from './db/shared-pages.js';
import { compiledSerializerCompiler } from './lib/compiled-serializers.js';
import { createMemoryCounterStore } from './lib/counters/counter-store.js';
import { createDatabaseCounterStore } from './lib/counters/database-counter-store.js';
import { rateLimitStoreOf } from './lib/counters/rate-limit-store.js';
import { createEventBus, type EventBus } from './lib/events.js';
import { createFedifyKvStore } from './lib/fedify-kv-store.js';
import { createFedifyMessageQueue } from './lib/fedify-message-queue.js';
import { createJobQueue } from './lib/jobs.js';
import { createMailer } from './lib/mail.js';
import { type PasswordHashing, passwordHasher } from './lib/passwords.js';
import { OneLinePerRequest, withoutCredentials } from './lib/request-log.js';
import { createStorage } from './lib/storage/create-storage.js';
import { createFileRemoval, sweepPeriodically } from './lib/storage/file-removal.js';
import type { Storage } from './lib/storage/storage.js';
import { createTokenService } from './lib/tokens.js';
import type { Uploads } from './lib/uploads/upload.js';
import { mediaUrlFor } from './lib/viewer.js';
import { createWebPush } from './lib/web-push.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { registerActivityHandlers } from './modules/activity/activity.handlers.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { createActivityService } from './modules/activity/activity.service.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { learningCalendarRoutes } from './modules/analytics/learning-calendar.routes.js';
import { createLearningCalendarService } from './modules/analytics/learning-calendar.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { oauthRoutes } from './modules/auth/oauth.routes.js';
import { createOAuthService } from './modules/auth/oauth.service.js';
import { createSignInAttempts } from './modules/auth/sign-in-attempts.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { createCommentsService } from './modules/comments/comments.service.js';
import { draftsRoutes } from './modules/drafts/drafts.routes.js';
import { createDraftsService } from './modules/drafts/drafts.service.js';
import { exploreRoutes } from './modules/explore/explore.routes.js';
import { createExploreService } from './modules/explore/explore.service.js';
import {
  checkingDeliveries,
  createPathwiseFederation,
  federationApiRoutes,
  federationRoutes,
  type PathwiseFederation,
  registerFederationHandlers,
} from './modules/federation/index.js';
import { feedRoutes } from './modules/feed/feed.routes.js';
import { createFeedService } from './modules/feed/feed.service.js';
import { firstStepsRoutes } from './modules/first-steps/first-steps.routes.js';
import { createFirstStepsService } from './modules/first-steps/first-steps.service.js';
import { registerGroupHandlers } from './modules/groups/groups.handlers.js';
import { groupsRoutes, userGroupsRoutes } from './modules/groups/groups.routes.js';
import { createGroupsService } from './modules/groups/groups.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { instanceRoutes } from './modules/instance/instance.routes.js';
import { createLinkPreviews } from './modules/link-previews/index.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { createNotesService } from './modules/notes/notes.service.js';
import { registerCheckInJob } from './modules/notifications/check-ins.jobs.js';
import { registerDigestJob } from './modules/notifications/digests.jobs.js';
import { digestRoutes } from './modules/notifications/digests.routes.js';
import { createDigestService } from './modules/notifications/digests.service.js';
import { registerNotificationJobs } from './modules/notifications/notifications.fan-out.js';
import { registerNotificationHandlers } from './modules/notifications/notifications.handlers.js';
import { createLiveNotifications } from './modules/notifications/notifications.live.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createNotificationPreferencesService } from './modules/notifications/preferences.service.js';
import { registerPushJobs } from './modules/notifications/push.jobs.js';
import { pushRoutes } from './modules/notifications/push.routes.js';
import { createPushService } from './modules/notifications/push.service.js';
import { createPlanFilesService } from './modules/plans/plan-files.service.js';
import { createPlanTemplatesService } from './modules/plans/plan-templates.service.js';
import { planRoutes } from './modules/plans/plans.routes.js';
import { createPlansService } from './modules/plans/plans.service.js';
import { createProgressService } from './modules/plans/progress.service.js';
import { progressShareRoutes } from './modules/plans/progress-shares.routes.js';
import { createProgressSharesService } from './modules/plans/progress-shares.service.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { createPostsService } from './modules/posts/posts.service.js';
import {
  contentModerationRoutes,
  createContentModerationService,
  createDomainBlocksService,
  createReportsService,
  createSuspensionsService,
  domainBlockRoutes,
  moderationRoutes,
  reportsRoutes,
  suspensionRoutes,
} from './modules/reports/index.js';
import { savedRoutes } from './modules/saved/saved.routes.js';
import { createSavedService } from './modules/saved/saved.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes.js';
import { createSitemapService } from './modules/sitemap/sitemap.service.js';
import { syndicationRoutes } from './modules/syndication/syndication.routes.js';
import { createSyndicationService } from './modules/syndication/syndication.service.js';
import { tagsRoutes } from './modules/tags/tags.routes.js';
import { createTagsService } from './modules/tags/tags.service.js';
import { blockingRoutes } from './modules/users/blocking.routes.js';
import { createBlockingService } from './modules/users/blocking.service.js';
import { followsRoutes } from './modules/users/follows.routes.js';
import { createFollowsService } from './modules/users/follows.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { authPlugin } from './plugins/auth.js';
import { corsPlugin } from './plugins/cors.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { mediaPlugin } from './plugins/media.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { inlineScriptSources, webAppPlugin } from './plugins/web-app.js';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /** The built web app to serve (apps/web/dist); absent in API-only tests. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Where uploads are kept; default: what MEDIA_STORAGE names (the directory DATA_DIR/media). */
  storage?: Storage;
  /** The domain event bus; tests pass one to watch what modules publish. */
  events?: EventBus;
  /** Argon2 cost of new password hashes; OWASP's minimum unless a test asks for a cheaper one. */
  passwordHashing?: PasswordHashing;
};

/** How often files whose delete failed are retried (pending_file_deletes). */
const FILE_SWEEP_INTERVAL_MS = 5 * 60_000;

/** Builds the whole server: plugins first, then every module. The only place modules are wired. */
export async function buildApp({
  config,
  database,
  webDistDir,
  logger,
  storage: givenStorage,
  events = createEventBus(),
  passwordHashing,
}: AppDependencies) {
  const app = Fastify({
    // A plugin that never finishes starting fails the start after this. Fastify's 10 s was too short for
    // the documentation's (every route's schema turned into OpenAPI) on a busy two-core machine.
    pluginTimeout: 60_000,
    logger: withoutCredentials(logger ?? { level: config.logLevel }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart for uploads); other bodies are a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    request.mediaUrl = mediaUrlFor(config.publicUrl, request);
  });
  app.decorateRequest('mediaUrl', null as never);

  await app.register(errorsPlugin);
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(webDistDir)],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        // The web app's service worker (sw.js) and its manifest, both from this origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
  });
  const storage = givenStorage ?? createStorage(config.mediaStorage, path.join(config.dataDir, 'media'));
  const removal = createFileRemoval({ db: database.db, storage, log: app.log });
  app.decorate('fileRemoval', removal);
  app.addHook('onClose', sweepPeriodically(removal, FILE_SWEEP_INTERVAL_MS, app.log));
  // Uploads are staged in DATA_DIR/tmp while they are checked: the same file system as the media directory.
  const uploads: Uploads = { storage, tmpDir: path.join(config.dataDir, 'tmp'), removal };
  const db = database.db;
  const users = createUsersService(db, uploads, { publicReading: config.publicReading, events });
  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds, config.jwtPreviousSecret);
  // Before any route is added, so that it sees and guards every one (documentation and media included).
  const sessions = await createSessionCache(database, users.sessionUser, config.sessionCacheSeconds);
  await app.register(authPlugin, {
    tokens,
    findSessionUser: sessions.user,
    publicReading: config.publicReading,
  });
  await app.register(compress, { threshold: 1024 });
  // On a PostgreSQL server every process counts in the database, so N processes do not allow N × a limit.
  const counters =
    database.kind === 'postgres'
      ? createDatabaseCounterStore(database.db, (err) => app.log.warn({ err }, 'expired counters not swept'))
      : createMemoryCounterStore();
  app.addHook('onClose', async () => counters.close());
  await app.register(rateLimit, { global: false, store: rateLimitStoreOf(counters) });
  await app.register(multipart);
  await app.register(docsPlugin);

  await app.register(mediaPlugin, { storage });

  const follows = createFollowsService(db, events);
  const blocking = createBlockingService(db, events);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const auth = createAuthService({
    db,
    tokens,
    mailer,
    passwords: passwordHasher(passwordHashing),
    log: app.log,
  });
  const oauth = createOAuthService({
    db,
    tokens,
    providers: config.oidcProviders,
    secret: config.jwtSecret,
    previousSecret: config.jwtPreviousSecret,
  });
  // Schedules run where job workers do (the tests turn them off, so none runs under their statement
  // counts); the digests' only where PUBLIC_URL is set, which their links need.
  const jobs = createJobQueue(database, app.log, {
    runWorkers: config.jobWorkers,
    schedules: config.schedules,
  });
  const pages = await createSharedPages(database, config.pageCache);
  const posts = createPostsService({ db, events, uploads, jobs, pages });
  const comments = createCommentsService({ db, events });
  const plans = createPlansService({ db, events, removal, pages });
  const progressShares = createProgressSharesService({ db });
  const notifications = createNotificationsService(db);
  registerNotificationHandlers(events, jobs);
  registerNotificationJobs(db, jobs);
  const webPush = createWebPush(config.webPush);
  registerPushJobs(db, jobs, webPush, app.log);
  const digests = createDigestService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    previousSecret: config.jwtPreviousSecret,
    log: app.log,
  });
  registerDigestJob(jobs, digests, { scheduled: config.publicUrl !== undefined });
  registerCheckInJob(db, jobs);
  app.decorate('digests', digests);
  registerActivityHandlers(events);
  registerGroupHandlers(events);
  // ActivityPub (FEDERATION=true): Fedify's cache in our table, its queue on the job queue.
  let federation: PathwiseFederation | null = null;
  if (config.federation) {
    const kv = createFedifyKvStore(db);
    app.addHook('onClose', async () => kv.close());
    const queue = createFedifyMessageQueue(jobs);
    const deps = { db, events, kv, queue, jobs, log: app.log };
    federation = createPathwiseFederation({ ...deps, config: config.federation });
    const { federation: fedify } = federation;
    const { allowPrivateAddress } = config.federation;
    queue.runTasks(
      checkingDeliveries((message) => fedify.processQueuedTask(undefined, message), {
        db,
        allowPrivateAddress,
        log: app.log,
      }),
    );
    registerFederationHandlers(events, federation);
  }
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
      await api.register(healthRoutes, { db, storage });
      await api.register(instanceRoutes, {
        publicReading: config.publicReading,
        federationHost: config.federation ? new URL(config.federation.origin).host : null,
      });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        users,
        signInAttempts: createSignInAttempts(counters),
        attemptsPerMinute: config.authRateLimitPerMinute,
        publicUrl: config.publicUrl,
        moderatorEmails: config.adminEmails,
      });
      await api.register(oauthRoutes, { prefix: '/auth/oauth2', oauth, publicUrl: config.publicUrl });
      await api.register(usersRoutes, { prefix: '/users', users });
      await api.register(followsRoutes, { prefix: '/users', follows });
      await api.register(blockingRoutes, { prefix: '/users', blocking });
      await api.register(postsRoutes, { prefix: '/posts', posts });
      await api.register(commentsRoutes, { comments });
      await api.register(planRoutes, {
        prefix: '/learning-plans',
        plans,
        progress: createProgressService({ db, events }),
        files: createPlanFilesService({ db, uploads }),
        templates: createPlanTemplatesService({ db, events, plans }),
      });
      await api.register(progressShareRoutes, { prefix: '/learning-plans', shares: progressShares });
      await api.register(notesRoutes, { notes: createNotesService(db) });
      const groups = createGroupsService({ db, events, uploads });
      await api.register(groupsRoutes, { prefix: '/groups', groups });
      await api.register(userGroupsRoutes, { prefix: '/users', groups });
      await api.register(draftsRoutes, {
        prefix: '/drafts',
        drafts: createDraftsService({ db, posts, plans }),
      });
      await api.register(notificationRoutes, {
        prefix: '/notifications',
        notifications,
        preferences: createNotificationPreferencesService(db),
        live: liveNotifications,
      });
      await api.register(pushRoutes, { prefix: '/notifications/push', push: createPushService(db, webPush) });
      await api.register(digestRoutes, { prefix: '/notifications/digest', digests });
      await api.register(activityRoutes, { prefix: '/users', activity: createActivityService(db) });
      await api.register(learningCalendarRoutes, {
        prefix: '/users',
        calendars: createLearningCalendarService(db),
      });
      await api.register(analyticsRoutes, {
        prefix: '/analytics',
        analytics: createAnalyticsService({ db, plansFor: plans.plansFor }),
      });
      await api.register(searchRoutes, {
        prefix: '/search',
        search: createSearchService({
          db,
          posts,
          plans,
          groups,
          ...(federation && { findRemote: federation.findAccount }),
        }),
      });
      await api.register(accountRoutes, {
        prefix: '/account',
        account: createAccountService({
          db,
          events,
          storage,
          removal,
          confirmDeletion: auth.confirmDeletion,
          log: app.log,
        }),
        attemptsPerMinute: config.authRateLimitPerMinute,
      });
      await api.register(savedRoutes, { prefix: '/saved', saved: createSavedService({ db, posts, plans }) });
      await api.register(tagsRoutes, { prefix: '/tags', tags: createTagsService({ db, posts, plans }) });
      const reports = createReportsService({
        db,
        moderatorEmails: config.adminEmails,
        ...(federation && { forwardReport: federation.forwardReport }),
      });
      await api.register(reportsRoutes, { prefix: '/reports', reports });
      await api.register(moderationRoutes, { prefix: '/moderation', reports });
      await api.register(contentModerationRoutes, {
        prefix: '/moderation',
        moderation: createContentModerationService({ db, events, reports, removal }),
      });
      const suspensions = createSuspensionsService({
        db,
        events,
        moderatorEmails: config.adminEmails,
        isModerator: reports.isModerator,
      });
      await api.register(suspensionRoutes, { prefix: '/moderation', suspensions });
      await api.register(domainBlockRoutes, {
        prefix: '/moderation',
        domainBlocks: createDomainBlocksService({
          db,
          ownHost: config.publicUrl ? new URL(config.publicUrl).hostname : '',
          isModerator: reports.isModerator,
        }),
      });
      await api.register(feedRoutes, { prefix: '/feed', feed: createFeedService({ db, posts, plans }) });
      await api.register(exploreRoutes, {
        explore: createExploreService({ db, posts, plans, pages, cacheSeconds: config.exploreCacheSeconds }),
      });
      if (federation) await api.register(federationApiRoutes, { prefix: '/federation', federation });
      await api.register(firstStepsRoutes, { prefix: '/users/me', firstSteps: createFirstStepsService(db) });
    },
    { prefix: '/api' },
  );

  // The site's documents for crawlers and feed readers, at the paths they look for (not under /api).
  await app.register(sitemapRoutes, {
    sitemap: createSitemapService(db, { publicReading: config.publicReading }),
    publicUrl: config.publicUrl,
  });
  await app.register(syndicationRoutes, {
    syndication: createSyndicationService(db, { publicReading: config.publicReading }),
    publicUrl: config.publicUrl,
  });
  if (federation) await app.register(federationRoutes, { federation: federation.federation, db });
  await app.register(webAppPlugin, {
    distDir: webDistDir,
    linkPreviews: createLinkPreviews(db, {
      publicReading: config.publicReading,
      sharedProgress: progressShares.visitorView,
    }),
    publicUrl: config.publicUrl,
  });
  app.addHook('onClose', async () => {
    // After the requests in flight (which may enqueue jobs), before the database goes.
    await jobs.stop();
    await sessions.stop();
    await pages.stop();
    await database.close();
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
