import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { withAfterCommit } from './after-commit.js';
import { lockDataDir, LockHeldError } from './data-dir-lock.js';
import { type Database, type DatabaseLog, silentLog } from './handle.js';
import { assertMigrationsComplete, migrationsFolder } from './migrations.js';

// The embedded database (no DATABASE_URL): PGlite in the data dir, locked against a second process, its queries
// taking turns with the event loop.

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid?: number) {
    super(
      `The embedded database in ${dataDir} is already in use by another Burti process${pid ? ` (pid ${pid})` : ''}. ` +
        'Stop that process first, or start this one with another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite runs each query on this thread, and a query queued behind another starts from a resolved promise, so a
 * burst of requests ran query after query without the event loop ever reaching the network: connections that
 * arrived meanwhile were not read, and at 32 connections some requests waited 1-3 s while their neighbours were
 * answered in 150 ms. Waiting one turn (setImmediate) before each query lets the loop read new requests between
 * queries (embedded feed at S: slowest answer 3.2 s -> 0.3-0.5 s, 145 -> 175 req/s).
 *
 * The queries also take their turns one after another: the next waits for the one before to end, then for a
 * turn. With a turn each but side by side, the requests being served (API_CONCURRENCY, 4) each ran a query in
 * the same turn, and the loop read the network once every four queries; requests on connections opened
 * meanwhile were read up to 450 ms after they were sent. One query a turn, the Following feed at S under 32
 * connections answered in at most 553-756 ms instead of 808-1,285 (decision 015).
 */
function yieldBeforeEachQuery(pglite: PGlite): void {
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = last.then(nextTurn, nextTurn).then(run);
    last = result.catch(() => undefined);
    return result;
  };
  Object.assign(pglite, {
    query: (...args: Parameters<PGlite['query']>) => inTurn(() => query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args)),
  });
}

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
  log?: DatabaseLog;
}): Promise<Database> {
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
  let pglite: PGlite | undefined;
  try {
    const opened = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    pglite = opened;
    yieldBeforeEachQuery(opened);
    const db = withAfterCommit(drizzlePglite(opened, { casing: 'snake_case' }), options.log ?? silentLog);
    await migratePglite(drizzlePglite(opened), { migrationsFolder });
    await assertMigrationsComplete((text) => opened.query(text));
    return {
      kind: 'pglite',
      db,
      pglite: opened,
      async listen(channel, onMessage) {
        const unsubscribe = await opened.listen(channel, onMessage);
        return unsubscribe;
      },
      listening: () => !opened.closed,
      exclusive: (work) => work(),
      async ping() {
        await opened.query('select 1');
      },
      poolStats: () => undefined,
      async close() {
        await opened.close();
        await release?.();
      },
    };
  } catch (error) {
    await pglite?.close().catch(() => undefined);
    await release?.();
    throw error;
  }
}
