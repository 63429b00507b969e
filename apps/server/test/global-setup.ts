import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      { kind: 'postgres'; adminUrl: string; template: string; prefix: string } | { kind: 'pglite'; dumpFile: string };
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

type TestDb = ProvidedContext['testDb'];
type Prepared = { testDb: TestDb; teardown: () => Promise<void> };

/**
 * Both server projects (vitest.config.ts: files sharing workers, and files that mock modules in workers of their
 * own) run this setup in the one main process; they share one prepared database, torn down after the last.
 */
const shared = globalThis as typeof globalThis & { burtiTestDb?: { prepared: Promise<Prepared>; users: number } };

/**
 * Prepares one migrated database per test run: on PostgreSQL (TEST_DATABASE_URL) a template that each test
 * file copies, otherwise a PGlite dump that each test file loads. Either way every file gets its own database.
 */
export default async function setup(project: TestProject) {
  const run = (shared.burtiTestDb ??= { prepared: prepare(), users: 0 });
  run.users++;
  const { testDb, teardown } = await run.prepared;
  project.provide('testDb', testDb);
  return async () => {
    if (--run.users > 0) return;
    shared.burtiTestDb = undefined;
    await teardown();
  };
}

async function prepare(): Promise<Prepared> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const prefix = `burti_t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const template = `${prefix}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, template), poolSize: 1 });
    await database.close();
    return {
      testDb: { kind: 'postgres', adminUrl, template, prefix },
      async teardown() {
        const { rows } = await admin.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname LIKE $1',
          [`${prefix}%`],
        );
        for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'burti-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dumpFile = join(dir, 'migrated.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return { testDb: { kind: 'pglite', dumpFile }, teardown: () => rm(dir, { recursive: true, force: true }) };
}
