/**
 * `npm run lint:links`: every relative link in README.md, docs/*.md and bench/*.md must lead somewhere.
 * A link's file (or folder) must exist, and its `#anchor` must be the GitHub slug of a heading of the
 * Markdown file it points at (the same file for a bare `#anchor`). Links to other sites are not
 * fetched. Prints each broken link with its file and line, and exits 1 when there is one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const markdownIn = (folder) =>
  readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(folder, name));

const files = ['README.md', ...markdownIn('docs'), ...markdownIn('bench')];

/** The lines of a Markdown file outside fenced code blocks (their links and headings are not ones). */
function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return '';
    }
    return fence === null ? line : '';
  });
}

/** GitHub's anchor for a heading: its text as shown, lower case, punctuation dropped, spaces as hyphens. */
function slug(heading) {
  const shown = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return shown.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replaceAll(' ', '-');
}

const anchorsByFile = new Map();

/** Every anchor a Markdown file's headings make; a repeated heading gets -1, -2… as on GitHub. */
function anchorsOf(file) {
  if (!anchorsByFile.has(file)) {
    const seen = new Map();
    const anchors = new Set();
    for (const line of proseLines(readFileSync(file, 'utf8'))) {
      const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
      if (heading === undefined) continue;
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    anchorsByFile.set(file, anchors);
  }
  return anchorsByFile.get(file);
}

/** Inline links `[text](target)` and images, with inline code spans left out. */
function linksOf(line) {
  const withoutCode = line.replace(/`[^`]*`/g, '');
  return [...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
}

const broken = [];
for (const file of files) {
  const absolute = path.join(root, file);
  proseLines(readFileSync(absolute, 'utf8')).forEach((line, index) => {
    for (const target of linksOf(line)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart, anchor] = target.split('#', 2);
      const destination =
        pathPart === '' ? absolute : path.resolve(path.dirname(absolute), decodeURI(pathPart));
      const where = `${file}:${index + 1}: ${target}`;
      if (!existsSync(destination)) {
        broken.push(`${where} (no such file)`);
      } else if (anchor !== undefined && anchor !== '') {
        if (statSync(destination).isDirectory() || !destination.endsWith('.md')) {
          broken.push(`${where} (an anchor into a file that is not Markdown)`);
        } else if (!anchorsOf(destination).has(decodeURIComponent(anchor))) {
          broken.push(`${where} (no heading with that anchor in ${path.relative(root, destination)})`);
        }
      }
    }
  });
}

if (broken.length > 0) {
  console.error(`Broken links (${broken.length}):\n${broken.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`links: ${files.length} Markdown files checked, every relative link resolves`);
