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

/** A piece of highlighted code with its colour in each theme; `id` is unique within one block. */
export type CodeToken = { id: number; text: string; light?: string | undefined; dark?: string | undefined };

let highlighter: Promise<HighlighterCore> | undefined;

/** The JavaScript regex engine: the default Oniguruma one is a WebAssembly download of its own. */
function loadHighlighter() {
  highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
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
  const lines = shiki.codeToTokensWithThemes(code, {
    lang: grammar,
    themes: { light: 'github-light', dark: 'github-dark' },
  });
  const tokens: CodeToken[] = [];
  lines.forEach((line, index) => {
    if (index > 0) tokens.push({ id: tokens.length, text: '\n' });
    for (const token of line)
      tokens.push({
        id: tokens.length,
        text: token.content,
        light: token.variants.light?.color,
        dark: token.variants.dark?.color,
      });
  });
  return tokens;
}
