import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

/**
 * Grammars fetched only when a code block names them, each its own chunk: bundling every grammar
 * (shiki's default) would cost megabytes on the first page with a code block.
 */
const GRAMMARS = {
  bash: () => import('shiki/langs/bash.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
};
type Grammar = keyof typeof GRAMMARS;

const ALIASES: Record<string, Grammar> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  'c++': 'cpp',
  cs: 'csharp',
  kt: 'kotlin',
  rb: 'ruby',
  rs: 'rust',
  yml: 'yaml',
  md: 'markdown',
};

function grammarOf(language: string): Grammar | undefined {
  const name = language.toLowerCase();
  return Object.hasOwn(GRAMMARS, name) ? (name as Grammar) : ALIASES[name];
}

/**
 * A piece of highlighted code; `style` holds its colour in each theme as the CSS variables
 * `--shiki-light` and `--shiki-dark` (shiki's dual themes), which the code block's CSS picks from
 * after the page's theme. `id` is unique within one block.
 */
export type CodeToken = { id: number; text: string; style?: Record<string, string> | undefined };

/**
 * GitHub's high-contrast themes: every token colour of theirs is at least 4.5:1 on the code block's
 * background in its theme (slate-50 turned over in dark, see index.css), where the plain GitHub themes'
 * comments, variables and tags fall to 3.3:1. highlight.test.ts checks it on code in many languages.
 */
export const CODE_THEMES = {
  light: 'github-light-high-contrast',
  dark: 'github-dark-high-contrast',
} as const;

let highlighter: Promise<HighlighterCore> | undefined;

/** The JavaScript regex engine: the default Oniguruma one is a WebAssembly download of its own. */
function loadHighlighter() {
  highlighter ??= createHighlighterCore({
    themes: [
      import('shiki/themes/github-light-high-contrast.mjs'),
      import('shiki/themes/github-dark-high-contrast.mjs'),
    ],
    langs: [],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/** `code` as coloured tokens (line ends included), or null for a language without a grammar here. */
export async function highlight(code: string, language: string): Promise<CodeToken[] | null> {
  const grammar = grammarOf(language);
  if (!grammar) return null;
  const shiki = await loadHighlighter();
  if (!shiki.getLoadedLanguages().includes(grammar)) await shiki.loadLanguage(GRAMMARS[grammar]());
  // defaultColor false: no inline `color`, only both themes' variables, so CSS alone chooses.
  const { tokens: lines } = shiki.codeToTokens(code, {
    lang: grammar,
    themes: CODE_THEMES,
    defaultColor: false,
  });
  const tokens: CodeToken[] = [];
  lines.forEach((line, index) => {
    if (index > 0) tokens.push({ id: tokens.length, text: '\n' });
    for (const token of line) tokens.push({ id: tokens.length, text: token.content, style: token.htmlStyle });
  });
  return tokens;
}
