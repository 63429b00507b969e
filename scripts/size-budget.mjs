#!/usr/bin/env node
// The web app's size budget: what a phone downloads before the first screen can render, gzipped.
// It reads Vite's manifest of the last build (apps/web/dist/.vite/manifest.json) and follows static imports:
// - the entry (index.html's script) with everything it imports statically: JS ≤ 170 KB, CSS ≤ 50 KB (issue 16);
// - each first route (the screens a fan lands on): the entry with the route's lazily loaded chunk and that chunk's
//   static imports, everything the first visit to it downloads: JS ≤ 170 KB; and the route's own part ≤ 35 KB, so
//   that no screen grows the first visit unnoticed.
// Code behind a dynamic import() that the first screen does not wait for is not counted. The Georgian catalogue,
// which a fan reading Georgian waits for, is reported beside them. Exits 1 when over.
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR ?? join(root, 'apps/web/dist');
const KB = 1024;
/** Budgets in bytes, gzipped (issue 16: JS ≤ 170 KB, CSS ≤ 50 KB). */
export const BUDGET = { js: 170 * KB, css: 50 * KB, routeJs: 35 * KB };
/** The screens a fan's first visit lands on: sign-in for newcomers, the feed for members. */
export const FIRST_ROUTES = { '/auth': 'src/app/routes/auth.tsx', '/feed': 'src/app/routes/feed.tsx' };

const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`size budget: ${manifestPath} is missing; run "npm run build" first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('size budget: the manifest has no entry.');
  process.exit(2);
}

const gzipCache = new Map();
function gzipped(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length);
  }
  return gzipCache.get(file);
}

/** The chunk's file, its CSS and everything it imports statically, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`size budget: "${key}" is not in the manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

function files(keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js: [...js], css: [...css] };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const sum = (list) => list.reduce((total, file) => total + gzipped(file), 0);
const verdict = (bytes, budget) => `${kb(bytes)} of ${kb(budget)} ${bytes <= budget ? 'ok' : 'OVER BUDGET'}`;
function largest(list) {
  for (const [file, bytes] of list
    .map((file) => [file, gzipped(file)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)) {
    console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
  }
}

const entryKeys = closure(entryKey);
const entry = files(entryKeys);
const entryJs = sum(entry.js);
const entryCss = sum(entry.css);
let failed = entryJs > BUDGET.js || entryCss > BUDGET.css;
console.log(
  `entry: JS ${verdict(entryJs, BUDGET.js)}, CSS ${verdict(entryCss, BUDGET.css)} (gzipped, ${entry.js.length} scripts)`,
);
largest(entry.js);
/**
 * A first route's chunk: apps/web/build/route-preload.ts puts each first route's own code in one file named after
 * its path (`route-feed` for /feed), whose manifest key is then the file's, not the route module's.
 */
function routeKey(route, source) {
  if (manifest[source]) return source;
  const name = `route${route.replaceAll('/', '-')}`;
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].name === name);
  if (!key) throw new Error(`size budget: no chunk for ${source}`);
  return key;
}

for (const [route, source] of Object.entries(FIRST_ROUTES)) {
  const own = [...closure(routeKey(route, source), new Set(entryKeys))].filter((key) => !entryKeys.has(key));
  const { js, css } = files(own);
  const routeJs = sum(js);
  const routeCss = sum(css.filter((sheet) => !entry.css.includes(sheet)));
  failed ||= entryJs + routeJs > BUDGET.js || routeJs > BUDGET.routeJs || entryCss + routeCss > BUDGET.css;
  console.log(
    `${route}: with the entry JS ${verdict(entryJs + routeJs, BUDGET.js)}, CSS ${verdict(entryCss + routeCss, BUDGET.css)}; ` +
      `its own JS ${verdict(routeJs, BUDGET.routeJs)} (${js.length} scripts)`,
  );
  largest(js);
}
// A fan reading Georgian also waits for the Georgian catalogue (one file, fetched before the first screen renders).
const georgianKey = 'src/locales/georgian.ts';
if (manifest[georgianKey]) {
  const georgian = sum(files([...closure(georgianKey, new Set(entryKeys))].filter((key) => !entryKeys.has(key))).js);
  console.log(`in Georgian: the catalogue adds ${kb(georgian)} JS to each first route`);
}
if (failed) {
  console.error('size budget exceeded: keep the first screen small (lazy-load what it does not need).');
  process.exit(1);
}
