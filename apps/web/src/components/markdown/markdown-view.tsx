import type { Element, ElementContent } from 'hast';
import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './code-block';
import { rehypeMentions } from './mentions';

const textOf = (node: ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

/** The language a fence names (` ```ts `), which remark hands over as the class `language-ts`. */
function languageOf(code: Element): string | undefined {
  const classes = code.properties.className;
  const name = Array.isArray(classes) ? classes.find((c) => String(c).startsWith('language-')) : undefined;
  return name === undefined ? undefined : String(name).slice('language-'.length);
}

const FULL: Components = {
  // A page has one h1, its own title: what people write starts a level below it.
  h1: 'h2',
  h2: 'h3',
  h3: 'h4',
  h4: 'h5',
  h5: 'h6',
  a: ({ href, children, node }) =>
    node?.properties.dataMention !== undefined && href !== undefined ? (
      <Link to={href} className="text-link">
        {children}
      </Link>
    ) : (
      <a href={href} target="_blank" rel="nofollow ugc noopener" className="text-link">
        {children}
      </a>
    ),
  pre: ({ node }) => {
    const code = node?.children[0];
    if (code?.type !== 'element') return null;
    return <CodeBlock code={textOf(code).replace(/\n$/, '')} language={languageOf(code)} />;
  },
};

/**
 * Sanitised by construction: raw HTML is skipped, and react-markdown's URL filter keeps only http(s),
 * mailto and relative addresses, so nothing people write becomes an element or a `javascript:` link.
 */
function Parsed({ text, components }: { text: string; components: Components }) {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      rehypePlugins={[rehypeMentions]}
      skipHtml
      components={components}
    >
      {text}
    </ReactMarkdown>
  );
}

/** CommonMark with GitHub's extensions: tables, task lists, strike-through, autolinks. */
export function MarkdownView({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Parsed text={text} components={FULL} />
    </div>
  );
}

const spaced = ({ children }: { children?: ReactNode }) => <>{children} </>;
const unwrapped = ({ children }: { children?: ReactNode }) => <>{children}</>;

/** Blocks become running text (inline emphasis and code stay), links their text: a card's excerpt. */
const WORDS: Components = {
  ...Object.fromEntries(
    ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'th', 'td', 'pre'].map((tag) => [
      tag,
      spaced,
    ]),
  ),
  ...Object.fromEntries(['ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'a'].map((tag) => [tag, unwrapped])),
  img: ({ alt }) => <>{alt}</>,
  input: () => null,
  hr: () => null,
  br: () => ' ',
};

export function MarkdownWords({ text }: { text: string }) {
  return <Parsed text={text} components={WORDS} />;
}
