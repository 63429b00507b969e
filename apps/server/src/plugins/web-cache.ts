import { sep } from 'node:path';

/**
 * Cache-Control for a file of the web build. Vite names every file under `assets/` after its content hash, so a
 * browser may keep it for a year without asking again. Everything else keeps its name across deploys and is
 * revalidated on each use (ETag / Last-Modified make that a 304): `index.html` (which names the current assets),
 * the service worker `sw.js` (browsers must see a new one promptly), `manifest.webmanifest`, icons and legal pages.
 */
export function webCacheControl(path: string, distDir: string): string {
  const assetsDir = `${distDir.endsWith(sep) ? distDir : distDir + sep}assets${sep}`;
  return path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
