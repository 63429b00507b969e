import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** The build's name of the script (hashed under assets/), for the service worker's shell. */
export const ROUTE_PRELOAD_NAME = 'route-preload.js';

/**
 * The screens a first visit lands on (`routes`: path → source of the route module) load without a waterfall.
 *
 * Every screen is a lazy chunk that the router asks for only once the entry has downloaded and run, so the first
 * screen's code used to come a whole round trip after the entry, itself split into many small files (shared
 * components, icons) that queue for the browser's few connections. This plugin
 * - puts each first route's own code (its module and what it imports statically, beyond the entry) in one file;
 * - writes a small classic script, loaded `async` from index.html, that asks for the current path's files with
 *   `modulepreload` at once, beside the entry. A classic script because the page's security policy allows no
 *   inline script, and an ES module would wait for its whole import graph.
 */
export function routePreload(routes: Record<string, string>): Plugin {
  let root = '';
  let base = '/';
  /** Route path → the ids of its route module and of everything that module imports statically. */
  const routeModules = new Map<string, Set<string>>();
  return {
    name: 'burti:route-preload',
    apply: 'build',
    // After Vite's HTML plugin, which adds index.html to the bundle in the same generateBundle hook.
    enforce: 'post',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Below the entry's group: what the entry loads stays in the entry. What several first routes
              // share is left to the automatic chunks, so that no first route loads another's file.
              groups: Object.keys(routes).map((path) => ({
                name: routeChunkName(path),
                test: (id: string) => {
                  const owners = [...routeModules].filter(([, ids]) => ids.has(id));
                  return owners.length === 1 && owners[0]![0] === path;
                },
              })),
            },
          },
        },
      },
    }),
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    buildEnd() {
      for (const [path, source] of Object.entries(routes)) {
        const modules = new Set<string>();
        const visit = (id: string) => {
          if (modules.has(id)) return;
          modules.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        visit(join(root, source));
        routeModules.set(path, modules);
      }
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loadedByEntry = staticClosure(entry.fileName, bundle);
      const files: Record<string, string[]> = {};
      for (const [path, source] of Object.entries(routes)) {
        const route = chunks.find((chunk) => chunk.moduleIds.includes(join(root, source)));
        if (!route) this.error(`route-preload: no chunk for ${source}`);
        files[path] = [...staticClosure(route.fileName, bundle)]
          .filter((file) => !loadedByEntry.has(file))
          .map((file) => base + file);
      }
      const script = this.emitFile({ type: 'asset', name: ROUTE_PRELOAD_NAME, source: preloadScript(files) });
      const tag = `<script async src="${base}${this.getFileName(script)}"></script>`;
      // Before the entry's script, so that the browser asks for it first.
      html.source = String(html.source).replace(/(\s*)(<script type="module")/, `$1${tag}$1$2`);
    },
  };
}

/** The name of a first route's file: `route-feed` for `/feed` (scripts/size-budget.mjs finds it by it). */
function routeChunkName(path: string): string {
  return `route${path.replaceAll('/', '-')}`;
}

/** A chunk's file with every file it imports statically, transitively. */
function staticClosure(fileName: string, bundle: Rolldown.OutputBundle, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(imported, bundle, seen);
  return seen;
}

/** The script: the current path's files as `<link rel=modulepreload>`, as Vite's own preloads are made. */
function preloadScript(files: Record<string, string[]>): string {
  return `(() => {
  const files = ${JSON.stringify(files)}[location.pathname] || [];
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
})();
`;
}
