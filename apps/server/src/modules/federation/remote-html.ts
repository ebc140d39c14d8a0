import sanitizeHtml from 'sanitize-html';

/**
 * What a post from another server keeps of its HTML: text structure, links (http and https only, opened
 * as foreign: `nofollow noopener`) and nothing that runs, loads or styles. Mastodon's own subset.
 */
const POST_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'a',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer', target: '_blank' }),
  },
};

/** The HTML of a remote post, safe to show as HTML in our pages. */
export const sanitizeRemoteHtml = (html: string) => sanitizeHtml(html, POST_HTML);

/** Text of remote HTML (a bio, a content warning), every tag dropped. */
export const remoteText = (html: string) =>
  sanitizeHtml(html.replace(/<\/p>\s*<p>|<br\s*\/?>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .trim();
