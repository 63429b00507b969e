import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The seams lint keeps (eslint.config.js, rules 4 and 5): no import cycle anywhere, and imports only point down the
 * server's layers and never from a web feature into src/app. Planted files in test/fixtures/lint-seams (left out
 * of `npm run lint`) are linted with the repository's own configuration, and each must fail on its rule; the same
 * import in the right direction passes. Only the import-x rules run, without type information, to keep this quick.
 */
const root = join(import.meta.dirname, '../../..');
const fixtures = join(import.meta.dirname, 'fixtures/lint-seams');

const eslint = new ESLint({
  cwd: root,
  ignore: false,
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function lint(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8');

describe('lint keeps the seams', { timeout: 60_000 }, () => {
  it('fails on an import cycle', async () => {
    const messages = await lint(fixture('cycle-a.ts'), 'apps/server/test/fixtures/lint-seams/cycle-a.ts');
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'import-x/no-cycle' })]);
  });

  it('fails on a server import that points up a layer (lib/ into plugins/)', async () => {
    const messages = await lint(fixture('upward.ts.txt'), 'apps/server/src/lib/planted.ts');
    expect(messages).toEqual([
      { ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining('lib/ is below') as string },
    ]);
  });

  it('lets the same file import down a layer', async () => {
    const code = "import { SILENCE_GRACE_MS } from '../db/timeouts.js';\n\nexport const planted = SILENCE_GRACE_MS;\n";
    expect(await lint(code, 'apps/server/src/lib/planted.ts')).toEqual([]);
  });

  it('fails on a web feature importing src/app', async () => {
    const messages = await lint(fixture('feature-to-app.tsx.txt'), 'apps/web/src/features/feed/planted.tsx');
    expect(messages).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('A feature does not import src/app') as string,
      },
    ]);
  });
});
