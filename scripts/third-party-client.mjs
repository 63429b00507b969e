#!/usr/bin/env node
// The third-party check: generates TypeScript types from docs/openapi.json with openapi-typescript (as a bot or
// another app would) and type-checks scripts/third-party/flow.ts (sign in → post → like, retried with an
// Idempotency-Key → comment, with openapi-fetch and the document's named types: components['schemas']['Post'],
// components['responses']['RateLimited']) against them. Fails when the document no longer supports that flow.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the repository, so that openapi-fetch resolves from node_modules.
const work = join(root, 'node_modules', '.cache', 'burti-third-party');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const bin = (name) => join(root, 'node_modules', '.bin', name);

run(bin('openapi-typescript'), ['docs/openapi.json', '-o', join(work, 'schema.d.ts')]);
copyFileSync(join(root, 'scripts', 'third-party', 'flow.ts'), join(work, 'flow.ts'));
writeFileSync(
  join(work, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM'],
      skipLibCheck: true,
      types: [],
    },
    files: ['flow.ts'],
  }),
);
run(bin('tsc'), ['-p', join(work, 'tsconfig.json')]);
console.log('third-party client: sign in → post → like → comment type-checks against docs/openapi.json');
