import { profileFeedPath, SITE_LIMITS, SITE_MESSAGES, SITE_TEXTS, tagFeedPath } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { atomFeedOf } from './atom.js';
import { findFeedOwner, findFeedPosts, findTagFeedPosts } from './syndication.queries.js';

/**
 * Feeds for feed readers, which read as visitors do: they exist only when the instance lets visitors
 * read (PUBLIC_READING), and only for a profile shown to visitors. Anything else is the same 404, so a
 * feed's absence tells nothing about whether the person exists.
 */
export function createSyndicationService(db: Database, { publicReading }: { publicReading: boolean }) {
  return {
    /** The Atom feed of the newest posts of the person with `handle`: two statements. */
    async profileFeed(handle: string, origin: string): Promise<string> {
      const owner = publicReading ? await findFeedOwner(db, handle) : null;
      if (!owner) throw notFound(SITE_MESSAGES.feedNotFound);
      const posts = await findFeedPosts(db, owner.id, SITE_LIMITS.feedEntries);
      return atomFeedOf(
        {
          title: SITE_TEXTS.feedTitle(owner.name, owner.handle),
          description: owner.bio ?? '',
          pageUrl: `${origin}/@${owner.handle}`,
          feedUrl: `${origin}${profileFeedPath(owner.handle)}`,
          origin,
        },
        posts.map((post) => ({ ...post, author: owner })),
      );
    },

    /**
     * The Atom feed of the newest posts tagged `tag`: one statement. A tag nobody used yet has an empty
     * feed, as its page is empty, so that a feed reader may subscribe before the first post.
     */
    async tagFeed(tag: string, origin: string): Promise<string> {
      if (!publicReading) throw notFound(SITE_MESSAGES.tagFeedNotFound);
      const posts = await findTagFeedPosts(db, tag, SITE_LIMITS.feedEntries);
      return atomFeedOf(
        {
          title: SITE_TEXTS.tagFeedTitle(tag),
          description: SITE_TEXTS.tagFeedDescription(tag),
          pageUrl: `${origin}/tags/${tag}`,
          feedUrl: `${origin}${tagFeedPath(tag)}`,
          origin,
        },
        posts,
      );
    },
  };
}
export type SyndicationService = ReturnType<typeof createSyndicationService>;
