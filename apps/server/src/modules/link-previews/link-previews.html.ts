/** What a shared link shows in a chat app or a social network (Open Graph, Twitter cards). */
export type LinkPreview = {
  title: string;
  description: string;
  /** The page's canonical address (a profile's is `/@handle`), absolute. */
  url: string;
  image: string | null;
  /** The Atom feed of a profile's posts, which feed readers find from the page. */
  feed?: { title: string; url: string };
};

const DESCRIPTION_MAX_CHARS = 200;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/**
 * Markdown as a sentence for a preview: code blocks, link targets, images and markup go, the words
 * stay, whitespace is folded, and a long text is cut at a word with an ellipsis.
 */
export function previewText(markdown: string, maxChars = DESCRIPTION_MAX_CHARS): string {
  const plain = withoutCodeBlocks(markdown)
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}|>|[-*+]|\d{1,9}[.)])[ \t]+(\[[ xX]\][ \t]+)?/gm, '')
    .replace(/[*_~`|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= maxChars) return plain;
  const cut = plain.slice(0, maxChars - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** Fenced code says little in a sentence: its lines go, fences included (an unclosed one runs to the end). */
function withoutCodeBlocks(markdown: string): string {
  let fence: string | null = null;
  const kept: string[] = [];
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker?.startsWith(fence[0]!) && marker.length >= fence.length) fence = null;
    else if (fence === null) kept.push(line);
  }
  return kept.join('\n');
}

const meta = (attribute: 'property' | 'name', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The tags of a preview, every value escaped: the canonical address (so that `/profile/{id}`, a query
 * string or a trailing slash count as one page), the feed, and the Open Graph and Twitter card tags.
 */
export function previewTags(preview: LinkPreview): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    ...(preview.feed
      ? [
          `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(preview.feed.title)}" ` +
            `href="${escapeHtml(preview.feed.url)}" />`,
        ]
      : []),
    meta('property', 'og:site_name', 'Pathwise'),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    ...(preview.image ? [meta('property', 'og:image', preview.image)] : []),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.image ? [meta('name', 'twitter:image', preview.image)] : []),
  ];
  return tags.join('\n    ');
}

/**
 * The web app's index.html with the page's own title and description (search results show these) and
 * the tags in its head (after its own tags, before </head>).
 */
export function withPreviewTags(indexHtml: string, preview: LinkPreview): string {
  const tags = previewTags(preview);
  const titled = indexHtml.replace(
    /<title>[^<]*<\/title>/i,
    () => `<title>${escapeHtml(`${preview.title} · Pathwise`)}</title>`,
  );
  // Without a text of its own (a profile without a bio), the page keeps the site's description.
  const described = preview.description
    ? titled.replace(
        /<meta name="description" content="[^"]*"\s*\/?>/i,
        () => `<meta name="description" content="${escapeHtml(preview.description)}" />`,
      )
    : titled;
  return withTags(described, tags);
}

function withTags(indexHtml: string, tags: string): string {
  const headEnd = indexHtml.search(/<\/head>/i);
  if (headEnd >= 0) return `${indexHtml.slice(0, headEnd)}  ${tags}\n  ${indexHtml.slice(headEnd)}`;
  const afterDoctype = /^<!doctype[^>]*>/i.exec(indexHtml)?.[0].length ?? 0;
  return `${indexHtml.slice(0, afterDoctype)}${tags}${indexHtml.slice(afterDoctype)}`;
}
