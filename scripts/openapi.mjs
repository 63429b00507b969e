#!/usr/bin/env node
// Writes docs/openapi.json from the routes' declarations (the contract in packages/shared/src/contract), or with
// --check fails when the committed file differs from what the code declares. Runs through tsx: the server is
// TypeScript.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'apps/server/scripts/openapi.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
