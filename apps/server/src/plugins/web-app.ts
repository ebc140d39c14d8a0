import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiNotFoundBody } from './errors.js';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every client route,
 * and a JSON 404 for unknown API paths. Everything else (index.html, the service worker sw.js, the web
 * manifest) is revalidated on each use, so a new version reaches browsers at their next visit.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, { distDir }: { distDir: string | undefined }) => {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.header('Cache-Control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(apiNotFoundBody(request.method, request.url));
    }
    return reply.type('text/html').sendFile('index.html');
  });
});
