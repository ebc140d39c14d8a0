import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createEventBus } from './lib/events.js';
import { createLocalStorage } from './lib/storage/local-storage.js';
import type { Storage, Uploads } from './lib/storage/storage.js';
import { createTokenService } from './lib/tokens.js';
import { mediaUrlFor } from './lib/viewer.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { authPlugin } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { mediaPlugin } from './plugins/media.js';
import { webAppPlugin } from './plugins/web-app.js';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /** The built web app to serve (apps/web/dist); absent in API-only tests. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Where uploads are kept; default: the directory DATA_DIR/media. */
  storage?: Storage;
};

/** Builds the whole server: plugins first, then every module. The only place modules are wired. */
export async function buildApp({
  config,
  database,
  webDistDir,
  logger,
  storage: givenStorage,
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
  await app.register(helmet, {
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
  const events = createEventBus();
  const users = createUsersService(db);
  const auth = createAuthService(db, tokens);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        users,
        attemptsPerMinute: config.authRateLimitPerMinute,
      });
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { distDir: webDistDir });
  app.addHook('onClose', async () => database.close());
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
