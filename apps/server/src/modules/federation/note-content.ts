import { POST_LIMITS } from '@pathwise/contract';
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

/** Elements that end a block of text: what follows starts a new paragraph. */
const BLOCKS = new Set(['p', 'div', 'li', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements whose content is never text to show. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);

/** Every ASCII mark Markdown could read as syntax is escaped: their text stays text. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()<>#+\-.!|~&=:]/g, '\\$&');

const childrenOf = (node: Node): Node[] => ('childNodes' in node ? node.childNodes : []);

function inline(node: Node): string {
  if (node.nodeName === '#text') {
    return escapeMarkdown(('value' in node ? node.value : '').replace(/\s+/g, ' '));
  }
  if (!('tagName' in node) || DROPPED.has(node.tagName)) return '';
  if (node.tagName === 'br') return '\\\n';
  const inner = childrenOf(node).map(inline).join('');
  if (BLOCKS.has(node.tagName)) return `\n\n${inner.trim()}\n\n`;
  if (node.tagName !== 'a') return inner;
  const href = node.attrs.find((attr) => attr.name === 'href')?.value ?? '';
  // Only web addresses stay links (a mention, a hashtag, a link): any other scheme is its text alone.
  if (!/^https?:\/\//i.test(href) || !URL.canParse(href)) return inner;
  const address = new URL(href).href.replace(/[<>\s]/g, encodeURIComponent);
  return `[${inner.trim() || escapeMarkdown(address)}](<${address}>)`;
}

/**
 * A Note's HTML (Mastodon's: paragraphs, line breaks, links, mentions and hashtags as links) as the
 * Markdown comments are written in, kept to an allow-list: text, paragraphs, line breaks and http(s)
 * links; every other element gives its text alone, scripts and the like nothing. The web renders it
 * as it renders any comment. A content warning (`summary`) comes first, in bold, as its own paragraph.
 * Cut to a comment's length.
 */
export function noteToMarkdown(html: string, summary: string | null): string {
  const body = childrenOf(parseFragment(html) as Node)
    .map(inline)
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const warning = summary?.trim() ? `**${escapeMarkdown(summary.trim().replace(/\s+/g, ' '))}**\n\n` : '';
  const text = `${warning}${body}`;
  const max = POST_LIMITS.commentMax;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
