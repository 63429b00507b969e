import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/harness.js';
import {
  DataDirLockedError,
  migrationsFolder,
  openDatabase,
  queryPrepared,
  SkippedMigrationsError,
  statement,
} from './client.js';
import { lockDataDir, LockHeldError } from './data-dir-lock.js';

const buildScript = fileURLToPath(new URL('../../../../scripts/build-server.mjs', import.meta.url));

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

  it('after kill -9 of the server, a new one on the same DATA_DIR takes the lock at once and serves', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burti-crash-'));
    // The server as `npm start` runs it: compiled, a copy of its own (next to dist/main.js, so its imports resolve).
    const main = fileURLToPath(new URL(`../../dist/crash-test-${process.pid}.js`, import.meta.url));
    const build = spawn(process.execPath, [buildScript, '--outfile', main], { stdio: 'ignore' });
    expect(await new Promise((resolve) => build.on('exit', resolve))).toBe(0);
    const start = () => {
      // node itself, not a wrapper: kill -9 must hit the server's own process.
      const child = spawn(process.execPath, [main], {
        env: {
          ...process.env,
          DATA_DIR: dir,
          DATABASE_URL: '',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          JOBS: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const listening = new Promise<string>((resolve, reject) => {
        let output = '';
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
          if (url) resolve(url);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
      });
      return { child, listening };
    };
    try {
      const first = start();
      await first.listening;
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.on('exit', resolve));

      const restartedAt = Date.now();
      const second = start();
      try {
        const url = await second.listening;
        const health = await fetch(`${url}/api/health`);
        expect(health.status).toBe(200);
        // The crash costs no wait of its own: serving again well within 15 s (the old stale-lock window took 79 s).
        expect(Date.now() - restartedAt).toBeLessThan(15_000);
      } finally {
        second.child.kill('SIGTERM');
        await new Promise((resolve) => second.child.on('exit', resolve));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(main, { force: true });
      await rm(`${main}.map`, { force: true });
    }
  }, 300_000);

  it('takes over a lock whose owner is gone without waiting, and keeps one whose owner lives', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burti-stale-'));
    const dataDir = join(dir, 'db');
    try {
      // A pid that is certainly not running: a child that has already exited.
      const gone = spawn(process.execPath, ['-e', '0']);
      await new Promise((resolve) => gone.on('exit', resolve));
      await writeFile(`${dataDir}.lock`, JSON.stringify({ host: hostname(), pid: gone.pid, started: null }));
      const started = Date.now();
      const release = await lockDataDir(dataDir);
      expect(Date.now() - started).toBeLessThan(1_000);
      await release();

      // A live owner (a process still running) keeps it.
      const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
      try {
        await writeFile(`${dataDir}.lock`, JSON.stringify({ host: hostname(), pid: alive.pid, started: null }));
        await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(LockHeldError);
      } finally {
        alive.kill('SIGKILL');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('migration journal', () => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[];
  };

  it("keeps its entries in the order of their times, so drizzle's newest-first check skips none", () => {
    // An entry merged after a newer one would be skipped on every database that applied the newer one first:
    // give it a "when" later than every entry before it.
    for (const [i, entry] of journal.entries.entries()) {
      expect(entry.idx, entry.tag).toBe(i);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    }
  });

  it('refuses to open a database that misses an entry of the journal, naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burti-journal-'));
    const dataDir = join(dir, 'db');
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      // As a database migrated before an older-dated entry was merged looks: that entry never ran.
      const skipped = journal.entries[5]!;
      await first.pglite!.query('delete from drizzle.__drizzle_migrations where created_at = $1', [skipped.when]);
      await first.close();

      const refused = openDatabase({ kind: 'pglite', dataDir });
      await expect(refused).rejects.toBeInstanceOf(SkippedMigrationsError);
      await expect(refused).rejects.toThrow(skipped.tag);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('prepared reads', () => {
  it('give each statement its rows as objects of its own columns, values read as drizzle reads them', async () => {
    const { database } = await createTestDatabase();
    try {
      const first = (n: number) =>
        statement(
          'test.rows:first',
          { n },
          (p) =>
            sql`select ${p.n}::int as n, 'Dinamo' as name, null::text as missing, array['a','b'] as tags,
            timestamptz '2026-11-27 10:00:00+00' as at, true as yes`,
        );
      const second = statement('test.rows:second', { id: 'x' }, (p) => sql`select ${p.id}::text as id, 2 as n`);
      for (let i = 0; i < 3; i++) {
        const [row] = await queryPrepared<Record<string, unknown>>(database.db, first(i));
        expect(row).toEqual({
          n: i,
          name: 'Dinamo',
          missing: null,
          tags: ['a', 'b'],
          at: expect.any(String),
          yes: true,
        });
        expect(new Date(row!.at as string).toISOString()).toBe('2026-11-27T10:00:00.000Z');
        expect(Object.keys(row!)).toEqual(['n', 'name', 'missing', 'tags', 'at', 'yes']);
        expect(await queryPrepared(database.db, second)).toEqual([{ id: 'x', n: 2 }]);
      }
      expect(
        await queryPrepared(
          database.db,
          statement('test.rows:none', {}, () => sql`select 1 as n where false`),
        ),
      ).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('answer an error midway through the rows as an error, inside a transaction or not, and go on after', async () => {
    const { database } = await createTestDatabase();
    try {
      // The third row divides by zero: rows came already, the statement fails.
      const failing = statement(
        'test.rows:failing',
        { d: 0 },
        (p) => sql`select g as n, 6 / (case when g = 3 then ${p.d}::int else 1 end) as q from generate_series(1, 4) g`,
      );
      const ok = statement('test.rows:ok', { n: 5 }, (p) => sql`select ${p.n}::int as n`);
      // PGlite's driver names the query and gives PostgreSQL's error as the cause.
      const divisionByZero = (error: { message: string; cause?: { message?: string } }) =>
        /division by zero/.test(`${error.message} ${error.cause?.message ?? ''}`);
      for (let i = 0; i < 3; i++) {
        await expect(queryPrepared(database.db, failing)).rejects.toSatisfy(divisionByZero);
        expect(await queryPrepared(database.db, ok)).toEqual([{ n: 5 }]);
      }
      await expect(
        database.db.transaction(async (tx) => {
          expect(await queryPrepared(tx, ok)).toEqual([{ n: 5 }]);
          await queryPrepared(tx, failing);
        }),
      ).rejects.toSatisfy(divisionByZero);
      expect(await database.db.transaction((tx) => queryPrepared(tx, ok))).toEqual([{ n: 5 }]);
    } finally {
      await database.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('keep a column named __proto__ as a column', async () => {
    const { database } = await createTestDatabase();
    try {
      const [row] = await queryPrepared<Record<string, unknown>>(
        database.db,
        statement('test.rows:proto', {}, () => sql`select 1 as "__proto__", 2 as n`),
      );
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
      expect(row!.n).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe('embedded queries', () => {
  it('take turns: the event loop comes back to its timers and sockets between any two queries', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const events: string[] = [];
      let pending = true;
      const tick = () => {
        events.push('turn');
        if (pending) setImmediate(tick);
      };
      setImmediate(tick);
      // Requests served side by side send their queries at once.
      await Promise.all(
        [1, 2, 3, 4].map((n) => database.pglite!.query(`select ${n}`).then(() => events.push(`query ${n}`))),
      );
      pending = false;
      const queries = events.flatMap((event, at) => (event.startsWith('query') ? [at] : []));
      expect(queries).toHaveLength(4);
      for (let i = 1; i < queries.length; i++) {
        expect(events.slice(queries[i - 1]! + 1, queries[i]), `between query ${i} and ${i + 1}`).toContain('turn');
      }
    } finally {
      await database.close();
    }
  });
});
