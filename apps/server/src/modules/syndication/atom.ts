import { Feed } from 'feed';
import { escapeHtml, previewText } from '../link-previews/index.js';

/** A post as a feed entry shows it; a tag's feed will hand its posts over in the same shape. */
export type FeedPost = {
  id: number;
  title: string;
  /** Markdown, as written. */
  content: string;
  category: string;
  createdAt: Date;
  updatedAt: Date;
  author: { name: string; handle: string };
};

export type FeedOf = {
  title: string;
  description: string;
  /** The page the feed is of (a profile), absolute. */
  pageUrl: string;
  /** The feed's own address, absolute. */
  feedUrl: string;
  /** Scheme, host and port every link starts with. */
  origin: string;
};

/** A feed entry's summary: the text without its Markdown, which the server does not render. */
const SUMMARY_MAX_CHARS = 1000;

const categoryLabel = (category: string) => category.charAt(0) + category.slice(1).toLowerCase();

/**
 * An Atom 1.0 document of `posts` (newest first, as given). The library writes titles and summaries as
 * HTML in CDATA sections, so the plain text is HTML-escaped first: a `<` a person typed stays a
 * character, and `]]>` cannot end the section early.
 */
export function atomFeedOf(of: FeedOf, posts: readonly FeedPost[]): string {
  const feed = new Feed({
    id: of.feedUrl,
    title: of.title,
    description: of.description || undefined,
    link: of.pageUrl,
    feedLinks: { atom: of.feedUrl },
    language: 'en',
    // The feed changes when a post does; an empty one keeps a fixed date rather than "now" on each read.
    updated: posts.reduce<Date>(
      (latest, post) => (post.updatedAt > latest ? post.updatedAt : latest),
      new Date(0),
    ),
    generator: 'Pathwise',
    copyright: `The authors of the posts on ${new URL(of.origin).host}`,
  });
  for (const post of posts) {
    const url = `${of.origin}/post/${post.id}`;
    feed.addItem({
      id: url,
      link: url,
      title: escapeHtml(post.title),
      description: escapeHtml(previewText(post.content, SUMMARY_MAX_CHARS)),
      date: post.updatedAt,
      published: post.createdAt,
      author: [{ name: post.author.name, link: `${of.origin}/@${post.author.handle}` }],
      category: [{ term: post.category, name: categoryLabel(post.category) }],
    });
  }
  return feed.atom1();
}
