import { useEffect, useState } from 'react';

type MarkdownModule = typeof import('./markdown-view');

let loaded: MarkdownModule | undefined;
let loading: Promise<MarkdownModule> | undefined;

/**
 * The Markdown renderer, fetched with the first text that needs it and never with a page's first
 * script (docs/testing.md, "Budgets"). A hook rather than React.lazy: suspending would hold the whole page
 * back behind its loading state, where the text as written is a fine stand-in meanwhile.
 */
function useMarkdownModule() {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let current = true;
    loading ??= import('./markdown-view');
    loading.then(
      (imported) => {
        loaded = imported;
        if (current) setModule(imported);
      },
      // Failed (offline?): the text stays as written here, and the next text tries again.
      () => {
        loading = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, [module]);
  return module;
}

type MarkdownProps = {
  text: string;
  /** One clamped paragraph of the text's words, for cards (which are links themselves). */
  compact?: boolean;
  className?: string;
};

/** About 70 characters a line: longer lines make the eye lose its place going back to the next one. */
const READABLE_WIDTH = 'max-w-[70ch]';

/** Markdown people wrote (docs/features.md, "Rich text"), never wider than a comfortable line. */
export function Markdown({ text, compact = false, className = '' }: MarkdownProps) {
  const module = useMarkdownModule();
  if (compact) {
    return (
      <p className={`break-words ${READABLE_WIDTH} ${className}`}>
        {module ? <module.MarkdownWords text={text} /> : text}
      </p>
    );
  }
  return (
    <div className={`break-words ${READABLE_WIDTH} ${className}`}>
      {module ? <module.MarkdownView text={text} /> : <p className="whitespace-pre-line">{text}</p>}
    </div>
  );
}
