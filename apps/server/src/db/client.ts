import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database, DatabaseOptions } from './handle.js';

// The database: openDatabase() picks the engine. What each part does lives beside it, and this file is the one
// import path the rest of the server uses for all of it:
//   handle.ts        the handle's types (Db, Tx, Executor, Database, DatabaseOptions)
//   postgres.ts      PostgreSQL: the bounded pool (timeouts.ts), migrations under the startup lock, ping, pool stats
//   listener.ts      PostgreSQL's LISTEN connection, reconnecting with backoff
//   pglite.ts        embedded PGlite: the data dir's lock, queries taking turns with the event loop
//   migrations.ts    the migrations folder and the check that no journal entry was skipped
//   after-commit.ts  db.transaction that runs afterCommit() steps once the outermost transaction commits
//   notify.ts        coalesced NOTIFY
//   statements.ts    queryRows, named prepared statements and their row readers, statement(), rowLimit()

export { afterCommit } from './after-commit.js';
export type { Database, DatabaseLog, DatabaseOptions, Db, Executor, Tx } from './handle.js';
export { migrationsFolder, SkippedMigrationsError } from './migrations.js';
export { notify, notifyStatement } from './notify.js';
export { DataDirLockedError } from './pglite.js';
export {
  isUniqueViolation,
  queryPrepared,
  queryRows,
  rowLimit,
  type Statement,
  statement,
  statementName,
} from './statements.js';
export type { DatabaseTimeouts } from './timeouts.js';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database =
    options.kind === 'postgres'
      ? await openPostgres(options.url, options.poolSize, options.log, options.timeouts)
      : await openPglite(options);
  // Closing twice (shutdown racing a test's own close) is harmless.
  let closing: Promise<void> | undefined;
  const close = database.close.bind(database);
  database.close = () => (closing ??= close());
  return database;
}
