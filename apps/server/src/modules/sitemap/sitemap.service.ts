import { SITE_LIMITS, SITE_MESSAGES, type SitemapSectionName } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { learningPlans, posts, tags, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import {
  highestId,
  type IdRange,
  type PagedTable,
  type SitemapRow,
  visiblePlansIn,
  visiblePostsIn,
  visibleProfilesIn,
  visibleTagsIn,
} from './sitemap.queries.js';
import { type SitemapUrl, sitemapIndexOf, urlsetOf } from './sitemap.xml.js';

/**
 * A part of the sitemap: how many pages it has and the addresses of one page. Each costs one statement,
 * whatever the number of rows.
 */
type SitemapSection = {
  pageCount(db: Database): Promise<number>;
  urls(db: Database, page: number, origin: string): Promise<SitemapUrl[]>;
};

const PAGE_IDS = SITE_LIMITS.sitemapIdsPerPage;

/** Page `page` (from 1) of a table paged by id: its ids `(page - 1) × size + 1` to `page × size`. */
const idRangeOf = (page: number): IdRange => ({ from: (page - 1) * PAGE_IDS + 1, to: page * PAGE_IDS });

/** A section paged by the ids of `table`: stable pages, each one primary-key range read. */
function byId(
  table: PagedTable,
  rowsIn: (db: Database, range: IdRange) => PromiseLike<SitemapRow[]>,
  path: (row: SitemapRow) => string,
): SitemapSection {
  return {
    // At least one page, so that every section is listed even on an empty instance.
    pageCount: async (db) => Math.max(1, Math.ceil((await highestId(db, table)) / PAGE_IDS)),
    urls: async (db, page, origin) =>
      (await rowsIn(db, idRangeOf(page))).map((row) => ({
        url: `${origin}${path(row)}`,
        lastmod: row.lastmod,
      })),
  };
}

const SECTIONS: Record<SitemapSectionName, SitemapSection> = {
  posts: byId(posts, visiblePostsIn, (row) => `/post/${row.id}`),
  plans: byId(learningPlans, visiblePlansIn, (row) => `/learning-plan/${row.id}`),
  profiles: byId(users, visibleProfilesIn, (row) => `/@${row.handle}`),
  tags: byId(tags, visibleTagsIn, (row) => `/tags/${row.handle}`),
};

/**
 * What crawlers are told: robots.txt, and the sitemap of everything a visitor may read (public posts,
 * public plans, profiles shown to visitors, the tags of those posts and plans). Without PUBLIC_READING
 * nothing is readable signed out, so robots.txt keeps crawlers out and there is no sitemap.
 */
export function createSitemapService(db: Database, { publicReading }: { publicReading: boolean }) {
  return {
    robotsTxt(origin: string): string {
      if (!publicReading) return 'User-agent: *\nDisallow: /\n';
      return [
        'User-agent: *',
        'Allow: /',
        // The API answers the web app; pages are what crawlers should read. Images of posts are files.
        'Disallow: /api/',
        'Allow: /api/media/',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /** The sitemap index: every page of every section, one statement per section. */
    async index(origin: string): Promise<string> {
      if (!publicReading) throw notFound(SITE_MESSAGES.sitemapNotFound);
      const pages: string[] = [];
      for (const [name, section] of Object.entries(SECTIONS)) {
        const count = await section.pageCount(db);
        for (let page = 1; page <= count; page++) pages.push(`${origin}/sitemaps/${name}-${page}.xml`);
      }
      return sitemapIndexOf(pages);
    },

    /** One page of a section: one statement. A page past the last is a 404. */
    async page(name: SitemapSectionName, page: number, origin: string): Promise<string> {
      if (!publicReading) throw notFound(SITE_MESSAGES.sitemapNotFound);
      const section = SECTIONS[name];
      const urls = await section.urls(db, page, origin);
      if (urls.length === 0 && page > (await section.pageCount(db))) {
        throw notFound(SITE_MESSAGES.sitemapPageNotFound);
      }
      return urlsetOf(urls);
    },
  };
}
export type SitemapService = ReturnType<typeof createSitemapService>;
