/**
 * `npm run lint:width`: no line of a tracked .ts/.tsx/.mjs/.cjs/.js file is over 110 columns.
 * Exempt: a test's title (`it(`, `test(`, `describe(`), a JSX class list or SVG path data (`d=`, `path=`).
 *
 * Biome keeps code at 110 columns but cannot break strings, templates or comments; this check holds those
 * too. An exempt text counts as nothing, so a line is still refused when the rest of it is too long. Skips
 * what biome.json skips (migrations/meta, dist, *.gen.ts). Prints each long line with its file and line,
 * and exits 1 when there is one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const LIMIT = 110;

const root = path.resolve(import.meta.dirname, '..');

const skipped = (file) =>
  file.split('/').includes('dist') || file.includes('migrations/meta/') || file.endsWith('.gen.ts');

const files = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.js'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file !== '' && !skipped(file));

/** A quoted text: '…', "…" or `…` (a template may hold ${…} parts without backquotes of their own). */
const QUOTED = String.raw`(?:'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|\`(?:\\.|[^\`\\])*\`)`;

/** A test's title, given where the call opens the line. */
const TEST_TITLE = new RegExp(String.raw`^\s*(?:it|test|describe)(?:\.[A-Za-z]+)*\(\s*(${QUOTED})`);

/** A JSX class list or SVG path data, as a plain attribute value or as one text in braces. */
const JSX_TEXT = new RegExp(String.raw`\b(?:className|class|d|path)=\{?(${QUOTED})\}?`, 'g');

const columns = (text) => [...text].length;

/** The columns a line takes with its exempt texts counted as nothing. */
function counted(line, file) {
  let exempt = 0;
  const title = TEST_TITLE.exec(line);
  if (title) exempt += columns(title[1]);
  if (file.endsWith('.tsx') || file.endsWith('.jsx')) {
    for (const match of line.matchAll(JSX_TEXT)) exempt += columns(match[1]);
  }
  return columns(line) - exempt;
}

const long = [];
for (const file of files) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (columns(line) > LIMIT && counted(line, file) > LIMIT) {
      long.push(`${file}:${index + 1}: ${columns(line)} columns`);
    }
  });
}

if (long.length > 0) {
  console.error(`${long.length} line(s) over ${LIMIT} columns (break the text, or rewrap the comment):`);
  for (const line of long) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`line width: ${files.length} files, no line over ${LIMIT} columns`);
