import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaint, signInChunkGroups } from './first-paint-plugin.ts';
import { HIGHLIGHTER_CHUNKS, pwaOptions } from './pwa.config.ts';

const SHIKI_MODULE = /\/node_modules\/(@shikijs|shiki)\//;
const GRAMMAR_FILE = /[\\/]@shikijs[\\/]langs[\\/]dist[\\/]([\w-]+)\.mjs$/;

/** The grammar a module is the file of (`cpp` for @shikijs/langs/dist/cpp.mjs), else null. */
const grammarOf = (moduleId: string) => GRAMMAR_FILE.exec(moduleId)?.[1] ?? null;

/** A grammar's JSON as @shikijs/langs writes it: a string literal given to JSON.parse. */
const GRAMMAR_JSON = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/g;

/**
 * Each grammar's JSON as a raw template (String.raw) rather than a string literal, when its text allows
 * it (no backtick, `${` or final backslash): the backslashes of its regular expressions are then written
 * once, not twice. C++'s grammar, the largest, gets under Vite's chunk size warning this way.
 */
function rawGrammars(): Plugin {
  return {
    name: 'pathwise-raw-grammars',
    apply: 'build',
    transform: {
      filter: { id: GRAMMAR_FILE },
      handler(code) {
        const raw = code.replace(GRAMMAR_JSON, (call, literal: string) => {
          const json = JSON.parse(literal) as string;
          const fits = !/`|\$\{|\r/.test(json) && !json.endsWith('\\');
          return fits ? `JSON.parse(String.raw\`${json}\`)` : call;
        });
        return { code: raw, map: null };
      },
    },
  };
}

/** The repository's root, whose `.env` `npm run dev` gives the API server too (scripts/load-env.mjs). */
const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions), firstPaint(), rawGrammars()],
  server: {
    // The API runs as its own process in development, on PORT; the browser still sees one origin.
    // The API, and the server's documents for crawlers and feed readers (robots.txt, sitemap, feeds).
    proxy: Object.fromEntries(
      ['/api', '/robots.txt', '/sitemap.xml', '/sitemaps/', '^/@\\w+/feed\\.xml$'].map((path) => [
        path,
        `http://localhost:${loadEnv(mode, REPOSITORY_ROOT, '').PORT || 8080}`,
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    // The server caches everything under dist/assets for a year, so these names must carry a hash.
    assetsDir: 'assets',
    // scripts/check-budgets.mjs reads it to know which chunks each route loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract only declares schemas and constants, so a page that needs one constant
        // must not pull in every schema (and zod with them). Chunks are cut by module, though:
        // what first pages need lives in zod-free modules (constants, credentials, *-constants).
        moduleSideEffects: [{ test: /\/packages\/contract\//, sideEffects: false }],
      },
      output: {
        // One chunk per grammar file: a grammar's embedded grammars (C++ embeds its macros, GLSL and
        // regular expressions) would otherwise join its chunk, and C++ with its macros would be over
        // Vite's size warning. Each grammar's own file stays whole (rawGrammars keeps C++'s under it).
        codeSplitting: {
          groups: [
            { name: grammarOf, debugName: 'grammars', includeDependenciesRecursively: false },
            ...signInChunkGroups(fileURLToPath(new URL('.', import.meta.url))),
          ],
        },
        // The syntax highlighter's grammars and themes: megabytes that only code blocks load. The
        // service worker keeps them once used instead of precaching them (pwa.config.ts).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => SHIKI_MODULE.test(id))
            ? `${HIGHLIGHTER_CHUNKS}/[name]-[hash].js`
            : 'assets/[name]-[hash].js',
      },
    },
  },
}));
