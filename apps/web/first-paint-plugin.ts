import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** The sign-in page, whose code a visitor's browser fetches alongside the app's (see index.html). */
const SIGN_IN_PAGE = '/src/features/auth/pages/auth-page.tsx';
const ENTRY = '/src/main.tsx';
/** The signed-in home page's lazy modules, whose budget the sign-in page must not spend. */
const HOME_PAGE = ['/src/app/layout/app-layout.tsx', '/src/app/routes/home-page.tsx'];
/** The chunks of the sign-in page, as scripts/check-budgets.mjs finds them in Vite's manifest. */
export const SIGN_IN_CHUNKS_NAMES = { signIn: 'sign-in', shared: 'sign-in-shared' } as const;
/** The list in index.html's second script that this plugin fills in. */
const SIGN_IN_CHUNKS = 'const signInChunks = [];';
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/** `start` and every chunk it imports statically, by file name. */
function closure(bundle: Rolldown.OutputBundle, start: string, into = new Set<string>()) {
  if (into.has(start)) return into;
  into.add(start);
  const chunk = bundle[start];
  if (chunk?.type === 'chunk') for (const file of chunk.imports) closure(bundle, file, into);
  return into;
}

type Graph = Rolldown.ChunkingContext;

/** The modules `starts` import statically, themselves included. */
function moduleClosure(graph: Graph, starts: string[], into = new Set<string>()) {
  for (const id of starts) {
    if (into.has(id)) continue;
    into.add(id);
    moduleClosure(graph, [...(graph.getModuleInfo(id)?.importedIds ?? [])], into);
  }
  return into;
}

type Groups = { signIn: Set<string>; shared: Set<string> };

/**
 * The sign-in page's code in two chunks: what the home page loads too (`shared`), and the rest
 * (`sign-in`). Left to themselves its modules make a chunk for each set of pages sharing them, nine small
 * files: more than a browser fetches at once from one server, so on a slow network the last ones came a
 * round trip later. Other pages that share a few of these modules load their chunk whole, a few kB.
 * The app's entry keeps its own modules.
 */
export function signInChunkGroups(webRoot: string): Rolldown.CodeSplittingGroup[] {
  let groups: Groups | undefined;
  const groupsOf = (graph: Graph): Groups => {
    const closureOf = (files: string[]) =>
      moduleClosure(
        graph,
        files.map((file) => path.join(webRoot, file)),
      );
    const entry = closureOf([ENTRY]);
    const home = closureOf(HOME_PAGE);
    const signIn = [...closureOf([SIGN_IN_PAGE])].filter((id) => !entry.has(id));
    return {
      signIn: new Set(signIn.filter((id) => !home.has(id))),
      shared: new Set(signIn.filter((id) => home.has(id))),
    };
  };
  return (['signIn', 'shared'] as const).map((group) => ({
    debugName: group,
    name(id, graph) {
      groups ??= groupsOf(graph);
      return groups[group].has(id) ? SIGN_IN_CHUNKS_NAMES[group] : null;
    },
    includeDependenciesRecursively: false,
  }));
}

/**
 * The built index.html paints its frame before any file arrives, however slow the network:
 * - the stylesheet moves to the end of the body, where it holds back neither the frame above it nor
 *   the first script (the app's code still waits for it before it runs, so no page shows unstyled);
 * - the second script gets the sign-in page's chunks that the app's entry does not already load, which
 *   it preloads for a visitor: otherwise each is only asked for once the one importing it has arrived,
 *   a round trip each.
 */
export function firstPaint(): Plugin {
  return {
    name: 'pathwise-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const signIn = Object.values(bundle).find(
          (output): output is Rolldown.OutputChunk =>
            output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(SIGN_IN_PAGE)),
        );
        if (!signIn) throw new Error(`${SIGN_IN_PAGE} is in no chunk: was it renamed or made eager?`);
        if (!html.includes(SIGN_IN_CHUNKS)) throw new Error(`index.html no longer holds "${SIGN_IN_CHUNKS}"`);
        const loaded = closure(bundle, entry.fileName);
        const signInChunks = [...closure(bundle, signIn.fileName)]
          .filter((file) => !loaded.has(file))
          .map((file) => `/${file}`);
        const stylesheets = html.match(STYLESHEET) ?? [];
        return html
          .replace(SIGN_IN_CHUNKS, `const signInChunks = ${JSON.stringify(signInChunks)};`)
          .replace(STYLESHEET, '')
          .replace('</body>', `${stylesheets.join('')}\n  </body>`);
      },
    },
  };
}
