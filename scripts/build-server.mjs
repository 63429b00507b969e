// `npm run build:server`: compiles the API to one JavaScript file, apps/server/dist/main.js, for `npm start` and
// the container image. The workspace's own TypeScript (@burti/shared) is bundled in; every npm dependency stays
// an import resolved from node_modules at run time (native modules such as sharp included).
// `--outfile <path>` writes elsewhere (a test that runs the compiled server builds its own copy).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dependenciesOf = (path) => {
  const manifest = JSON.parse(readFileSync(new URL(path, `file://${root}`), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
};
const external = [...dependenciesOf('apps/server/package.json'), ...dependenciesOf('packages/shared/package.json')]
  .filter((name) => !name.startsWith('@burti/'))
  .flatMap((name) => [name, `${name}/*`]);

const at = process.argv.indexOf('--outfile');
const outfile = at > 0 ? process.argv[at + 1] : `${root}apps/server/dist/main.js`;

await build({
  entryPoints: [`${root}apps/server/src/main.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Bundled CommonJS helpers (if any) need `require`.
  banner: {
    js: "import { createRequire as __burtiCreateRequire } from 'node:module'; const require = __burtiCreateRequire(import.meta.url);",
  },
});
console.log(`${outfile} built`);
