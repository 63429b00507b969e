import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DatabaseTimeouts } from './timeouts.js';

// The database handle's types: what openDatabase() (client.ts) answers, and what queries take.

/**
 * The app's handle carries no schema: drizzle's relational API (`db.query.*`) is not used, and a handle made with
 * the schema builds a query builder for each of its tables on every transaction it opens (10 µs a transaction,
 * measured). Tables are imported from `./schema` where a query names them.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: queries accept either. */
export type Executor = Db | Tx;

/** Where the database reports trouble it survives (a dropped connection, a failed after-commit step). */
export type DatabaseLog = { warn(obj: object, msg: string): void };
export const silentLog: DatabaseLog = { warn: () => undefined };

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; log?: DatabaseLog; timeouts?: DatabaseTimeouts }
  /** Embedded PGlite. `dataDir` undefined means in memory; `loadDataDir` starts from a dump (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; log?: DatabaseLog };

export type Database = {
  kind: 'postgres' | 'pglite';
  db: Db;
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * Subscribe to a LISTEN/NOTIFY channel; returns the unsubscribe function. On PostgreSQL one connection of its
   * own carries every channel and comes back by itself (with backoff) when it is lost; `onReconnect` runs each
   * time it is back, as notifications sent while it was away are gone.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** True while notifications can arrive (the LISTEN connection is up). */
  listening(): boolean;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Runs `work` while holding the cluster-wide startup lock (a PostgreSQL advisory lock), so instances starting
   * together do their one-time setup (seed, the job queue's schema) one after the other.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Connections of the pool (PostgreSQL only). */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
};
