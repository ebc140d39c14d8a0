import { MEDIA_MESSAGES } from '@pathwise/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound } from '../lib/app-error.js';
import { parseByteRange } from '../lib/byte-range.js';
import { mimeForKey } from '../lib/storage/media-types.js';
import type { Storage } from '../lib/storage/storage.js';

const ONE_YEAR_SECONDS = 31_536_000;
/** Relative paths whose segments never start with a dot: no `..`, no dotfiles. */
// Keys we make are short (`posts/<uuid>.jpg`); longer names could only fail in the file system.
const STORAGE_KEY = /^(?:[\w-][\w.-]{0,99}\/){0,3}[\w-][\w.-]{0,99}$/;
/** Shown where they are used (<img>, <video>); anything else (PDFs) is downloaded, never rendered by us. */
const INLINE_TYPES = /^(image|video)\//;
/**
 * User files never run as pages of our origin: a sandboxed document has no scripts, no same-origin
 * access and no forms, whatever the file holds. Images and videos opened on their own still display.
 */
const USER_FILE_POLICY =
  "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

/**
 * Serves stored files under /api/media/<key> from whichever store holds them (so every instance can
 * serve every file, and the URLs clients hold stay same-origin): type from the key's extension (keys
 * get the extension of the type sniffed from the bytes), single byte ranges (videos seek), ETags,
 * immutable caching (keys never change content).
 */
export const mediaPlugin = fp(async (app: FastifyInstance, { storage }: { storage: Storage }) => {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/api/media/*',
    exposeHeadRoute: false,
    compress: false,
    schema: { hide: true },
    async handler(request, reply) {
      reply.headers({
        'Content-Security-Policy': USER_FILE_POLICY,
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      const key = request.params['*'];
      const file = STORAGE_KEY.test(key) ? await storage.stat(key) : null;
      if (!file) throw notFound(MEDIA_MESSAGES.fileNotFound);
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === file.etag
          ? parseByteRange(request.headers.range, file.size)
          : null;
      if (range === 'unsatisfiable') {
        reply.header('Content-Range', `bytes */${file.size}`);
        throw new AppError(416, MEDIA_MESSAGES.rangeNotSatisfiable);
      }

      const type = mimeForKey(key);
      const disposition = INLINE_TYPES.test(type) ? 'inline' : 'attachment';
      reply.headers({
        'Content-Type': type,
        'Content-Disposition': `${disposition}; filename="${key.split('/').at(-1)}"`,
        'Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
        'Accept-Ranges': 'bytes',
        ETag: file.etag,
      });
      if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
      if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      reply.header('Content-Length', range ? range.end - range.start + 1 : file.size);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await storage.read(key, range ?? undefined));
    },
  });
});
