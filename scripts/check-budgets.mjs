// `npm run check:budgets` (after `npm run build`): the gzipped JavaScript the first paint of a route
// downloads, against a budget per route, Chart.js kept to the analytics page, every chunk's size and
// index.html's (which holds /login's sign-in form). Deterministic: it
// measures the built files, not timings. Exits 1 when a budget is exceeded or Chart.js spreads.
//
// What a first paint loads: the entry script of index.html with everything it imports statically,
// then the lazy chunks the router resolves for the route (every lazy route on the path, e.g. the
// signed-in layout and the page), each with its static imports. Vite's manifest maps source files
// to chunks. Sizes are gzip level 9 of each file, in kB of 1000 bytes (as Vite prints them).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

/**
 * The budgets (docs/testing.md, "Budgets"); `lazy` lists the source modules of the router's lazy routes on
 * the path, or `chunk:<name>` for a chunk that a group of vite.config.ts makes of such modules.
 */
const ROUTES = [
  // The sign-in page's modules are gathered in a chunk named after them (apps/web/first-paint-plugin.ts).
  { route: '/login', budgetKb: 100, lazy: ['chunk:sign-in'] },
  // 176, not 160: the user menu (Headless UI's Menu, about 24 kB) is drawn with the top bar, since a
  // button appearing after the bar took clicks meant for what was under the pointer; then the newcomer's
  // greeting and, for signed-out reading, the visitor's top bar and the sign-in prompt of every action;
  // then Explore and Drafts in the menus, and the tags every post and plan card links to; then what every
  // card now shows (the "edited" mark, reading time, cover, skipped topics) and Scheduled and Groups in
  // the menus (174.55 kB); then the Following tab's posts from other servers, their card loaded only
  // when one is there (175.2 kB); then a media grid whose cells can open the originals (a group's
  // discussion), mentions of people elsewhere told apart in every card's text, and the confirm dialog's
  // focus on Cancel (176.1 kB).
  { route: '/', budgetKb: 177, lazy: ['src/app/layout/app-layout.tsx', 'src/app/routes/home-page.tsx'] },
];
const ANALYTICS_PAGE = 'src/features/analytics/pages/analytics-page.tsx';
/**
 * Minified size, in kB, over which a chunk is too big to load as one file (Vite's own warning), the
 * syntax highlighter's grammars (assets/code/, one file each) included.
 */
const CHUNK_LIMIT_KB = 500;
/**
 * The gzipped index.html: on /login it holds the sign-in form a visitor can use before any other file
 * arrives, so its size is how soon that form comes on a slow network.
 */
const INDEX_HTML_BUDGET_KB = 6;
const EARLY_SIGN_IN_FORM = 'id="early-sign-in"';
// An error message of Chart.js's Chart class: present wherever Chart.js is bundled, minified or not.
const CHART_JS_MARKER = 'Failed to create chart';

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const readChunk = (file) => readFileSync(path.join(dist, file));
const gzipKb = (file) => gzipSync(readChunk(file), { level: 9 }).length / 1000;

function manifestEntry(key) {
  const chunkName = key.startsWith('chunk:') ? key.slice('chunk:'.length) : undefined;
  const entry = chunkName
    ? Object.values(manifest).find((candidate) => candidate.name === chunkName && !candidate.src)
    : manifest[key];
  if (!entry) throw new Error(`${key} is not in the Vite manifest: was it renamed or no longer lazy?`);
  return entry;
}

/** The files of the given manifest keys and of everything they import statically. */
function staticClosure(keys) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifestEntry(key);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** What index.html itself asks for, so the figures follow the page even if the manifest did not. */
function indexHtmlScripts() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  if (urls.length === 0) throw new Error('dist/index.html loads no script: is the build complete?');
  return urls;
}

function measureRoute({ route, budgetKb, lazy }) {
  const files = new Set([...indexHtmlScripts(), ...staticClosure(['index.html', ...lazy])]);
  const sizes = [...files].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
  const totalKb = sizes.reduce((sum, { kb }) => sum + kb, 0);
  return { route, budgetKb, files, sizes, totalKb, withinBudget: totalKb <= budgetKb };
}

function printRoute({ route, budgetKb, sizes, totalKb, withinBudget }) {
  console.log(`\n${route} (first paint)`);
  for (const { file, kb } of sizes) console.log(`  ${file.padEnd(52)} ${kb.toFixed(2).padStart(7)} kB`);
  const verdict = withinBudget ? 'ok' : 'OVER BUDGET';
  console.log(
    `  ${'total (gzip -9)'.padEnd(52)} ${totalKb.toFixed(2).padStart(7)} kB of ${budgetKb} kB: ${verdict}`,
  );
}

/** Problems with where Chart.js ends up: it belongs to the analytics page and nowhere else. */
function chartJsProblems(measured) {
  const allChunks = Object.values(manifest)
    .map((entry) => entry.file)
    .filter((file) => file.endsWith('.js'));
  const withChartJs = [...new Set(allChunks)].filter((file) => readChunk(file).includes(CHART_JS_MARKER));
  const analyticsChunks = staticClosure([ANALYTICS_PAGE]);
  const problems = [];
  if (withChartJs.length === 0) problems.push(`no chunk contains "${CHART_JS_MARKER}": update the marker`);
  for (const file of withChartJs) {
    if (!analyticsChunks.has(file)) problems.push(`Chart.js is in ${file}, outside the analytics page`);
    for (const { route, files } of measured) {
      if (files.has(file)) problems.push(`Chart.js (${file}) is loaded by ${route}`);
    }
  }
  return problems;
}

/** Chunks over their size limit, each with its size. */
function oversizedChunks() {
  const files = [...new Set(Object.values(manifest).map((entry) => entry.file))].filter((f) =>
    f.endsWith('.js'),
  );
  return files
    .map((file) => ({ file, kb: readChunk(file).length / 1000 }))
    .filter(({ kb }) => kb > CHUNK_LIMIT_KB)
    .map(({ file, kb }) => `${file} is ${kb.toFixed(1)} kB, over ${CHUNK_LIMIT_KB} kB`);
}

/** The page itself, which brings /login's sign-in form: present, and small enough to come at once. */
function indexHtmlProblems() {
  const html = readFileSync(path.join(dist, 'index.html'));
  const kb = gzipSync(html, { level: 9 }).length / 1000;
  console.log(
    `index.html: ${kb.toFixed(2)} kB (gzip -9) of ${INDEX_HTML_BUDGET_KB} kB, with the sign-in form`,
  );
  const problems = [];
  if (!html.includes(EARLY_SIGN_IN_FORM)) problems.push(`index.html no longer holds ${EARLY_SIGN_IN_FORM}`);
  if (kb > INDEX_HTML_BUDGET_KB)
    problems.push(`index.html is ${kb.toFixed(2)} kB, over ${INDEX_HTML_BUDGET_KB} kB`);
  return problems;
}

const measured = ROUTES.map(measureRoute);
measured.forEach(printRoute);
const chartJs = chartJsProblems(measured);
for (const problem of chartJs) console.log(`\nchart.js: ${problem}`);
if (chartJs.length === 0) console.log('\nchart.js: only in the analytics page chunk(s)');
const oversized = oversizedChunks();
for (const problem of oversized) console.log(`\nchunk size: ${problem}`);
if (oversized.length === 0) console.log(`chunk size: none over ${CHUNK_LIMIT_KB} kB`);
const indexHtml = indexHtmlProblems();
for (const problem of indexHtml) console.log(`\nindex.html: ${problem}`);
const problems = [...chartJs, ...oversized, ...indexHtml];

const summary = measured.map(
  ({ route, totalKb, budgetKb }) => `${route} ${totalKb.toFixed(1)} kB of ${budgetKb} kB`,
);
console.log(`budgets: ${summary.join(', ')}`);
process.exit(problems.length === 0 && measured.every((m) => m.withinBudget) ? 0 : 1);
