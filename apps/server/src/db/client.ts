import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir, LockHeldError } from './data-dir-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: queries accept either. */
export type Executor = Db | Tx;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Embedded PGlite. `dataDir` undefined means in memory; `loadDataDir` starts from a dump (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export type Database = {
  kind: 'postgres' | 'pglite';
  db: Db;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Subscribe to a LISTEN/NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid?: number) {
    super(
      `The embedded database in ${dataDir} is already in use by another Burti process${pid ? ` (pid ${pid})` : ''}. ` +
        'Stop that process first, or start this one with another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  // Two processes starting together must not both apply the same migration.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
  return {
    kind: 'postgres',
    db,
    pool,
    async listen(channel, onMessage) {
      const listener = await pool.connect();
      const handler = (message: pg.Notification) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      };
      listener.on('notification', handler);
      await listener.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      return async () => {
        listener.off('notification', handler);
        await listener.query(`UNLISTEN "${channel.replaceAll('"', '')}"`).catch(() => undefined);
        listener.release();
      };
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // PGlite has no lock of its own: a lock file naming its owner's pid keeps a second process out, and is
    // taken over at once when that process is gone (see data-dir-lock.ts).
    try {
      release = await lockDataDir(options.dataDir);
    } catch (error) {
      if (error instanceof LockHeldError) throw new DataDirLockedError(options.dataDir, error.owner?.pid);
      throw error;
    }
  }
  try {
    const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    const db = drizzlePglite(pglite, { schema, casing: 'snake_case' }) as unknown as Db;
    await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
    return {
      kind: 'pglite',
      db,
      pglite,
      async listen(channel, onMessage) {
        const unsubscribe = await pglite.listen(channel, onMessage);
        return unsubscribe;
      },
      async close() {
        await pglite.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}

/** Sends a notification to every process listening on the channel, in the caller's transaction if any. */
export async function notify(executor: Executor, channel: string, payload: string): Promise<void> {
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}
