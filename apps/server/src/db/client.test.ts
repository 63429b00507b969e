import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client.js';

describe('embedded data dir lock', () => {
  it('refuses a second opener of the same data dir, in this process and in another', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burti-lock-'));
    const dataDir = join(dir, 'db');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);

      // A second server on the same DATA_DIR exits with a clear message.
      const main = fileURLToPath(new URL('../main.ts', import.meta.url));
      const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
      const child = spawn(tsx, [main], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('already in use by another Burti process');
    } finally {
      await first.close();
    }
    // Once the first closes, the dir can be opened again.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
    await rm(dir, { recursive: true, force: true });
  });
});
