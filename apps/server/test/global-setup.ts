import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
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

/**
 * Prepares one migrated database per test run: on PostgreSQL (TEST_DATABASE_URL) a template that each test
 * file copies, otherwise a PGlite dump that each test file loads. Either way every file gets its own database.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const prefix = `burti_t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const template = `${prefix}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, template), poolSize: 1 });
    await database.close();
    project.provide('testDb', { kind: 'postgres', adminUrl, template, prefix });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `${prefix}%`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'burti-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dumpFile = join(dir, 'migrated.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { kind: 'pglite', dumpFile });
  return async () => rm(dir, { recursive: true, force: true });
}
