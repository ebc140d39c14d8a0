import { SITE_MESSAGES, sitemapPageParams, textDocument, xmlDocument } from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, readResponse, routeOptions } from '../../lib/route-schema.js';
import { publicOrigin } from '../../lib/viewer.js';
import type { SitemapService } from './sitemap.service.js';

const route = routeOptions(['site']);

/** Crawlers look for these at the root of the site, not under /api. */
export const sitemapRoutes: FastifyPluginAsyncZod<{
  sitemap: SitemapService;
  publicUrl: string | undefined;
}> = async (app, { sitemap, publicUrl }) => {
  app.get(
    '/robots.txt',
    route('What crawlers may read: the public pages and the sitemap with PUBLIC_READING on, nothing off', {
      response: { 200: textDocument },
    }),
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(sitemap.robotsTxt(publicOrigin(publicUrl, request))),
  );

  app.get(
    '/sitemap.xml',
    route('The sitemap index: the pages of public posts and plans, profiles shown to visitors and tags', {
      description: `Only with PUBLIC_READING on; 404 otherwise ("${SITE_MESSAGES.sitemapNotFound}").`,
      response: { 200: xmlDocument, ...failures(404) },
    }),
    async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(await sitemap.index(publicOrigin(publicUrl, request))),
  );

  app.get(
    '/sitemaps/:section-:page.xml',
    route('One page of the sitemap: the addresses of a range of ids of one section, with lastmod', {
      params: sitemapPageParams,
      response: readResponse(xmlDocument),
    }),
    async (request, reply) => {
      const { section, page } = request.params;
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(await sitemap.page(section, page, publicOrigin(publicUrl, request)));
    },
  );
};
