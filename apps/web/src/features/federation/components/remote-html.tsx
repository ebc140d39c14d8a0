import { createElement, type ReactNode, useMemo } from 'react';

/** Elements kept as they are: text structure only, nothing that loads, runs or styles. */
const KEPT = new Set(['p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li']);
/** Their synonyms, shown as the element above. */
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', s: 'del' };
/** A heading in someone's post would break the page's outline: it is shown as a bold paragraph. */
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements whose content is not text to read. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);
/** Deeper than this, what is left is shown as text: a hostile document cannot exhaust the stack. */
const MAX_DEPTH = 32;

const isWebAddress = (href: string | null): href is string => href !== null && /^https?:\/\//i.test(href);

function render(node: Node, key: number, depth: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  if (DROPPED.has(tag)) return null;
  if (depth > MAX_DEPTH) return element.textContent;
  const children = Array.from(element.childNodes, (child, index) => render(child, index, depth + 1));
  if (tag === 'a') {
    const href = element.getAttribute('href');
    if (!isWebAddress(href)) return <span key={key}>{children}</span>;
    return (
      <a key={key} href={href} target="_blank" rel="nofollow noopener noreferrer ugc" className="text-link">
        {children}
      </a>
    );
  }
  if (HEADINGS.has(tag))
    return (
      <p key={key} className="font-semibold text-slate-900">
        {children}
      </p>
    );
  const kept = RENAMED[tag] ?? (KEPT.has(tag) ? tag : null);
  if (kept === 'br') return <br key={key} />;
  if (kept) return createElement(kept, { key }, ...children);
  return <span key={key}>{children}</span>;
}

/**
 * HTML of a post from another server, which our server has already sanitised, shown without trusting
 * that: it is parsed into an inert document (nothing in it loads or runs) and only an allow-list of
 * elements becomes React elements, links only to http(s) addresses, opened in a new tab as foreign.
 */
export function RemoteHtml({ html, className = '' }: { html: string; className?: string }) {
  const content = useMemo(() => {
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return Array.from(body.childNodes, (child, index) => render(child, index, 0));
  }, [html]);
  return <div className={`markdown break-words ${className}`}>{content}</div>;
}
