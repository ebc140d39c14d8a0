import { type CSSProperties, useEffect, useState } from 'react';
import type { CodeToken } from './highlight';

type CodeBlockProps = { code: string; language: string | undefined };

/**
 * A fenced code block: shown at once as plain text, then coloured once shiki and the language's
 * grammar have loaded (on demand, so pages without code never download them).
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
    <pre
      className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed dark:border-slate-700 dark:bg-slate-900"
      data-language={language}
    >
      <code>
        {tokens
          ? tokens.map((token) => (
              <span
                key={token.id}
                style={{ '--code-light': token.light, '--code-dark': token.dark } as CSSProperties}
                className="text-(--code-light) dark:text-(--code-dark)"
              >
                {token.text}
              </span>
            ))
          : code}
      </code>
    </pre>
  );
}
