import { type CSSProperties, useEffect, useState } from 'react';
import type { CodeToken } from './highlight';

type CodeBlockProps = { code: string; language: string | undefined };

/**
 * A fenced code block: shown at once as plain text, then coloured once shiki and the language's
 * grammar have loaded (on demand, so pages without code never download them). A long line scrolls
 * sideways inside the block, so the block takes focus and is named: keyboards can scroll it too.
 */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const [tokens, setTokens] = useState<CodeToken[] | null>(null);

  useEffect(() => {
    setTokens(null);
    if (!language) return;
    let current = true;
    import('./highlight')
      .then(({ highlight }) => highlight(code, language))
      .then((highlighted) => {
        if (current) setTokens(highlighted);
      })
      // Colours are a comfort: a failed download leaves the code readable as plain text.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code, language]);

  return (
    /* biome-ignore lint/a11y/useSemanticElements: a <section> around the code would need a heading of its
       own. */
    <pre
      role="region"
      aria-label={language ? `Code: ${language}` : 'Code'}
      /* biome-ignore lint/a11y/noNoninteractiveTabindex: a block wider than the page scrolls by keyboard only
         when it can take focus. */
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed"
      data-language={language}
    >
      <code>
        {tokens
          ? tokens.map((token) => (
              <span
                key={token.id}
                style={token.style as CSSProperties | undefined}
                className="text-(--shiki-light) dark:text-(--shiki-dark)"
              >
                {token.text}
              </span>
            ))
          : code}
      </code>
    </pre>
  );
}
