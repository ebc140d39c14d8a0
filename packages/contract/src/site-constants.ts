/**
 * The documents a site offers crawlers and feed readers (an Atom feed of a person's posts, robots.txt,
 * the sitemap), which exist only on an instance readable signed out (PUBLIC_READING). Kept free of zod:
 * the profile page links the feed.
 */
export const SITE_LIMITS = {
  /** The newest posts a person's feed holds. */
  feedEntries: 20,
  /** URLs of one sitemap page at most (the sitemap protocol allows 50,000): a page is an id range. */
  sitemapIdsPerPage: 10_000,
} as const;

export const SITE_TEXTS = {
  /** The profile's link to the feed, and its accessible name (which starts with the visible word). */
  feedLink: 'Feed',
  feedLinkLabel: (name: string) => `Feed of ${name}'s posts (Atom)`,
  /** The feed's title, also the title of the page's `<link rel="alternate">`. */
  feedTitle: (name: string, handle: string) => `${name} (@${handle}) on Pathwise`,
  /** A tag page's link to its feed, its accessible name, and the feed's title. */
  tagFeedLinkLabel: (tag: string) => `Feed of the posts tagged #${tag} (Atom)`,
  tagFeedTitle: (tag: string) => `#${tag} on Pathwise`,
  tagFeedDescription: (tag: string) => `The newest posts tagged #${tag}`,
} as const;

/** Where the Atom feed of the posts of the person with `handle` is (a path of the site, not of /api). */
export const profileFeedPath = (handle: string) => `/@${handle}/feed.xml`;

/** Where the Atom feed of the posts tagged `tag` is. */
export const tagFeedPath = (tag: string) => `/tags/${tag}/feed.xml`;
