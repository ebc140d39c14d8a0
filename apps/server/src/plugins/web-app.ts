import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicOrigin } from '../lib/viewer.js';
import { type LinkPreviews, withPreviewTags } from '../modules/link-previews/index.js';
import { apiNotFoundBody } from './errors.js';

const ONE_YEAR_SECONDS = 31_536_000;

type WebAppOptions = {
  distDir: string | undefined;
  linkPreviews: LinkPreviews;
  publicUrl: string | undefined;
};

/** An inline script: a `<script>` element without a `src`. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the built index.html, which paint the page in
 * its theme before any file arrives; none without a built web app. The CSP allows these and no other.
 */
export function inlineScriptSources(distDir: string | undefined): string[] {
  const index = distDir && path.join(distDir, 'index.html');
  if (!index || !existsSync(index)) return [];
  return [...readFileSync(index, 'utf8').matchAll(INLINE_SCRIPT)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script!).digest('base64')}'`,
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every client route
 * (with Open Graph tags for a public post or plan, which crawlers and chat apps read), and a JSON
 * 404 for unknown API paths. Everything else (index.html, the service worker sw.js, the web manifest)
 * is revalidated on each use, so a new version reaches browsers at their next visit.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, { distDir, linkPreviews, publicUrl }: WebAppOptions) => {
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

    /** index.html with the page's preview tags, or null when the page has no preview (or it failed). */
    async function previewedIndex(request: FastifyRequest): Promise<string | null> {
      try {
        const pathname = new URL(request.url, 'http://localhost').pathname;
        const preview = await linkPreviews.previewOf(pathname, {
          origin: publicOrigin(publicUrl, request),
          mediaUrl: request.mediaUrl,
        });
        if (!preview) return null;
        return withPreviewTags(await readFile(path.join(distDir!, 'index.html'), 'utf8'), preview);
      } catch (error) {
        // A preview is a nicety: the page itself must still load.
        request.log.warn({ err: error }, 'link preview failed');
        return null;
      }
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      // Where other servers look (federation off, or nothing there) is never the web app's page.
      const isFederation = /^\/(\.well-known|nodeinfo|ap)\//.test(request.url);
      if (isApi || isFederation || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send(apiNotFoundBody(request.method, request.url));
      }
      const html = request.method === 'GET' ? await previewedIndex(request) : null;
      if (html !== null)
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
      return reply.type('text/html').sendFile('index.html');
    });
  },
);
