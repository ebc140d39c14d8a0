import { expect, it } from 'vitest';
import { PAGE_LOAD_TIMEOUT_MS } from '../../test/page-load-timeout';
import { highlight } from './highlight';

/** The code block's background (bg-slate-50) in each theme: Tailwind's slate-50, and in dark the
 * slate-50 that index.css turns over (Tailwind's slate-950). */
const BACKGROUND = { light: '#f8fafc', dark: '#020618' };

const SAMPLES: Record<string, string> = {
  ts: [
    '// A comment',
    "import { x } from './y';",
    'export async function f<T extends object>(a: number, b = "s"): Promise<T | null> {',
    '  const re = /a+b/g; let t = `v` + a; /** @param a doc */',
    "  if (a > 1 && !b) return null; throw new Error('x');",
    '}',
    'class A extends B implements C { private readonly z = 1e3; @dec m() { this.z; } }',
  ].join('\n'),
  tsx: 'export const A = ({ x }: P) => <div className="a" onClick={() => x(1)}>{x && <B y="z" />} hi</div>;',
  python: '# c\n@dec\ndef f(a: int = 1, *args) -> str:\n    """doc"""\n    return f"{a!r}" if a else None',
  rust: '/// doc\n#[derive(Debug)]\nfn main() { let v: Vec<u8> = vec![1]; println!("{}", v.len()); }',
  bash: '#!/bin/bash\n# c\nexport A="b $HOME"\nfor f in *.txt; do echo "$f" | grep -v x; done',
  css: '/* c */ @media (max-width: 600px) { .a > #b:hover { color: #fff; margin: 0 auto !important; } }',
  html: '<!-- c --><a href="#" class="x">&amp; hi</a><script>let a = 1;</script>',
  json: '{ "a": 1, "b": [true, null, "s"] }',
  sql: "-- c\nSELECT a.id, COUNT(*) FROM users a WHERE a.name LIKE 'x%' LIMIT 10;",
  go: 'package main\nfunc (s *S) M(a ...int) (int, error) { return 0, nil }',
  yaml: '# c\nkey: value\nlist:\n  - 1\n  - "s"',
  markdown: '# Title\n\n*em* **strong** `code` [link](http://x)\n\n> quote',
};

it(
  'colours every token at 4.5:1 or more on the code background, in the light and the dark theme',
  async () => {
    const tooPale: string[] = [];
    for (const [language, code] of Object.entries(SAMPLES)) {
      const tokens = await highlight(code, language);
      expect(tokens, language).not.toBeNull();
      for (const token of tokens ?? []) {
        if (!token.text.trim()) continue;
        for (const theme of ['light', 'dark'] as const) {
          const colour = token.style?.[`--shiki-${theme}`];
          expect(colour, `${language} ${token.text}`).toMatch(/^#[0-9a-f]{6}$/i);
          const ratio = contrast(colour ?? '', BACKGROUND[theme]);
          if (ratio < 4.5)
            tooPale.push(`${theme} ${language} ${token.text}: ${colour} ${ratio.toFixed(2)}:1`);
        }
      }
    }
    expect(tooPale).toEqual([]);
  },
  PAGE_LOAD_TIMEOUT_MS * 3,
);

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
