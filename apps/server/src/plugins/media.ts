import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves stored files under /api/media/<key>: content type from the extension (keys are given the
 * extension of the type sniffed from the bytes), Range requests, immutable caching (keys never change
 * content) and nosniff.
 */
export const mediaPlugin = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  await app.register(fastifyStatic, {
    root,
    prefix: '/api/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: false,
    setHeaders(res) {
      res.header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
});
