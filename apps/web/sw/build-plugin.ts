import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_PRELOAD_NAME } from '../build/route-preload';

/**
 * Writes the service worker (sw/sw.js) into the build as /sw.js, with the app shell to precache: index.html,
 * the manifest and icons, the first screens' preload script, and the entry's scripts and styles with everything
 * they import statically. Lazy route chunks are cached when first loaded, so installing costs a first visit only
 * the shell.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'burti-service-worker',
    apply: 'build',
    // After routePreload(), which adds its script to the bundle in this same hook.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const shell = new Set<string>(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png', '/favicon.svg']);
      const visit = (fileName: string) => {
        if (shell.has(`/${fileName}`)) return;
        const item = bundle[fileName];
        if (!item) return;
        shell.add(`/${fileName}`);
        if (item.type === 'chunk') {
          item.imports.forEach(visit);
          item.viteMetadata?.importedCss.forEach((css) => shell.add(`/${css}`));
        }
      };
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.isEntry) visit(item.fileName);
        if (item.type === 'asset' && item.names.includes(ROUTE_PRELOAD_NAME)) shell.add(`/${item.fileName}`);
      }
      const files = [...shell].sort();
      const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(join(import.meta.dirname, 'sw.js'), 'utf8')
        .replace('__BURTI_BUILD__', build)
        .replace('__BURTI_PRECACHE__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
