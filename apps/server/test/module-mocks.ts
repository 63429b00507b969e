import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's test files that replace a module with `vi.mock` (or `vi.doMock`), relative to `serverRoot`.
 *
 * The server's test files share their workers (vitest.config.ts: loading the app and its packages again for every
 * file took a third of the tests' CPU time), and a module another file loaded first is already in the worker's
 * cache, so a mock of it would not take effect. These files run in workers of their own instead.
 */
export function filesMockingModules(serverRoot: string): string[] {
  return ['src', 'test']
    .flatMap((folder) =>
      readdirSync(join(serverRoot, folder), { recursive: true, encoding: 'utf8' }).map((file) => join(folder, file)),
    )
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .filter((file) => /\bvi\.(doMock|mock)\(/.test(readFileSync(join(serverRoot, file), 'utf8')))
    .sort();
}
