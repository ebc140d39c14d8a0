import { z } from 'zod';
import { pathId } from './common.js';
import { tagParams } from './tags.js';
import { userHandleParams } from './users.js';

export const SITE_MESSAGES = {
  /** A feed of a profile not shown to visitors, of no one, or on an instance not readable signed out. */
  feedNotFound: 'There is no feed here: the profile does not exist or is not shown to visitors.',
  sitemapNotFound: 'There is no sitemap: this instance is not readable without an account.',
  tagFeedNotFound: 'There is no feed here: this instance is not readable without an account.',
  sitemapSectionInvalid: 'A sitemap section is posts, plans, profiles or tags',
  sitemapPageInvalid: 'A sitemap page is a whole number from 1',
  sitemapPageNotFound: 'There is no such sitemap page.',
} as const;

/** The parts of the sitemap, each paged by id: `/sitemaps/{section}-{page}.xml`. */
export const SITEMAP_SECTIONS = ['posts', 'plans', 'profiles', 'tags'] as const;
export type SitemapSectionName = (typeof SITEMAP_SECTIONS)[number];

/** `{handle}` of `GET /@{handle}/feed.xml`. */
export const profileFeedParams = userHandleParams;

/** `{tag}` of `GET /tags/{tag}/feed.xml`. */
export const tagFeedParams = tagParams;

/** `{section}` and `{page}` of `GET /sitemaps/{section}-{page}.xml`. */
export const sitemapPageParams = z.object({
  section: z.enum(SITEMAP_SECTIONS, { error: SITE_MESSAGES.sitemapSectionInvalid }),
  page: pathId({ invalid: SITE_MESSAGES.sitemapPageInvalid, notFound: SITE_MESSAGES.sitemapPageNotFound }),
});

/** The documents are XML or text, not JSON: their schema says only that. */
export const xmlDocument = z.string().describe('An XML document');
export const textDocument = z.string().describe('A text document');
