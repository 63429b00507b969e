import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type Placeholder, SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { coalesce } from './coalesce.js';
import { serverRoot } from '../paths.js';
import { lockDataDir, LockHeldError } from './data-dir-lock.js';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type DatabaseTimeouts,
  IDLE_IN_TRANSACTION_TIMEOUT_MS,
  SILENCE_GRACE_MS,
} from './timeouts.js';

export type { DatabaseTimeouts } from './timeouts.js';

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
const silentLog: DatabaseLog = { warn: () => undefined };

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

export const migrationsFolder = join(serverRoot, 'drizzle');

/**
 * Drizzle applies only the journal's entries newer than the newest one a database has applied. An entry that
 * lands with an older `when` (written on a parallel line of work, merged after a newer one was applied) would
 * be skipped for good without a word: after migrating, every entry of the journal must be recorded, or the
 * server refuses to start and says which.
 */
export class SkippedMigrationsError extends Error {
  constructor(readonly tags: string[]) {
    super(
      `Migrations ${tags.join(', ')} were never applied to this database: their journal time ("when") is older than ` +
        'a migration it already has. Give them a "when" later than every applied migration (meta/_journal.json), ' +
        'or apply them by hand.',
    );
    this.name = 'SkippedMigrationsError';
  }
}

type Journal = { entries: { tag: string; when: number }[] };

async function assertMigrationsComplete(run: (text: string) => Promise<{ rows: unknown[] }>): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const { rows } = await run('select created_at::text as "when" from drizzle.__drizzle_migrations');
  const applied = new Set((rows as { when: string }[]).map((row) => row.when));
  const skipped = journal.entries.filter((entry) => !applied.has(String(entry.when))).map((entry) => entry.tag);
  if (skipped.length > 0) throw new SkippedMigrationsError(skipped);
}

/** The advisory lock key instances take for migrations and other one-time startup work. */
const STARTUP_LOCK = 727274;

type AfterCommit = { db: Db; steps: (() => Promise<void>)[] };
const afterCommitStore = new AsyncLocalStorage<AfterCommit>();

/**
 * `db.transaction` that runs the steps queued by `afterCommit()` once the outermost transaction has committed
 * (and drops them when it rolls back), so e.g. NOTIFY leaves the write transaction: commits no longer queue
 * behind PostgreSQL's cluster-wide notification lock.
 */
function withAfterCommit(db: Db, log: DatabaseLog): Db {
  const transaction = db.transaction.bind(db);
  const wrapped: Db['transaction'] = async (run, config) => {
    const context: AfterCommit = { db, steps: [] };
    const result = await afterCommitStore.run(context, () => transaction(run, config));
    for (const step of context.steps) {
      try {
        await step();
      } catch (err) {
        log.warn({ err }, 'a step after a committed transaction failed');
      }
    }
    return result;
  };
  db.transaction = wrapped;
  return db;
}

/**
 * Runs `step` with the root database once the current transaction commits, or at once outside a transaction
 * (on `executor`).
 */
export async function afterCommit(executor: Executor, step: (db: Executor) => Promise<void>): Promise<void> {
  const context = afterCommitStore.getStore();
  if (context) context.steps.push(() => step(context.db));
  else await step(executor);
}

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

/**
 * A pooled connection whose statements are bounded. `pg`'s own query_timeout answers the caller in time, but
 * leaves the connection waiting for the answer of the statement it sent: to a paused server the next statement
 * on that connection (a transaction's ROLLBACK, the next request's query) waits its full bound again. So a
 * statement that timed out on the client's side ends its connection at once: the pool drops it, whatever was
 * queued on it fails now, and a new connection is made when the server is back.
 */
class BoundedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values, callback] = args as [{ submit?: unknown; callback?: Callback }, unknown, Callback?];
    const cut = (error: Error | undefined) => {
      if (error?.message === 'Query read timeout') this.end().catch(() => undefined);
    };
    type Callback = (error: Error | undefined, result: unknown) => void;
    const run = super.query.bind(this) as (...args: unknown[]) => never;
    if (typeof config?.submit === 'function') {
      const submitted = config.callback ?? (typeof values === 'function' ? (values as Callback) : callback);
      if (submitted) {
        config.callback = (error, result) => {
          cut(error);
          submitted(error, result);
        };
        return run(config);
      }
      return run(config, values, callback);
    }
    const [given, done] = typeof values === 'function' ? [undefined, values as Callback] : [values, callback];
    if (done) {
      return run(config, given, (error: Error | undefined, result: unknown) => {
        cut(error);
        done(error, result);
      });
    }
    return new Promise((resolve, reject) => {
      run(config, given, (error: Error | undefined, result: unknown) => {
        cut(error);
        if (error) reject(error);
        else resolve(result);
      });
    }) as never;
  }
}

async function openPostgres(
  url: string,
  poolSize = 10,
  log: DatabaseLog = silentLog,
  timeouts: DatabaseTimeouts = {},
): Promise<Database> {
  const connectMs = timeouts.connectMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementMs = timeouts.statementMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  // Every wait is bounded (decision 009): a refused connection fails at once, a connection (new, or a turn at a
  // busy pool) is waited for `connectMs`, a statement runs `statementMs` at most (PostgreSQL cancels it), and a
  // server that says nothing for half a second longer (paused, or gone from the network) has its connection cut.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: BoundedClient,
    connectionTimeoutMillis: connectMs,
    statement_timeout: statementMs,
    query_timeout: statementMs + SILENCE_GRACE_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on('error', (err) => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
    log.warn({ err }, 'an idle database connection was lost');
  });
  pool.on('connect', (client) => {
    // A checked-out client whose connection drops between queries emits 'error' with no listener of the pool's:
    // without this one that would end the process. Its next query fails and the pool discards it on release.
    client.on('error', (err) => log.warn({ err }, 'a database connection was lost'));
  });
  const db = withAfterCommit(drizzlePg(pool, { casing: 'snake_case' }), log);
  // The one-time startup work runs on a connection of its own without the bounds: waiting for another instance's
  // migrations, or a migration that builds an index on a large table, may take longer than any request should.
  const exclusive = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
    client.on('error', (err) => log.warn({ err }, 'the startup connection was lost'));
    await client.connect();
    try {
      await client.query(`SELECT pg_advisory_lock(${STARTUP_LOCK})`);
      return await work(client);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${STARTUP_LOCK})`).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  };
  // Two processes starting together must not both apply the same migration: each runs once, under the lock.
  await exclusive(async (client) => {
    await migratePg(drizzlePg(client), { migrationsFolder });
    await assertMigrationsComplete((text) => client.query(text));
  }).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  const listener = createListener(url, log, connectMs);
  return {
    kind: 'postgres',
    db,
    pool,
    listen: (channel, onMessage, onReconnect) => listener.listen(channel, onMessage, onReconnect),
    listening: () => listener.connected(),
    exclusive: (work) => exclusive(() => work()),
    async ping(timeoutMs = 2_000) {
      await withTimeout(pool.query('select 1'), timeoutMs);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`The database did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Subscription = { channel: string; onMessage: (payload: string) => void; onReconnect?: () => void };

/**
 * One connection outside the pool for LISTEN. When it is lost (server restart, pg_terminate_backend, network)
 * it reconnects with exponential backoff (0.1 s doubling to 2 s) and listens to every channel again.
 */
function createListener(url: string, log: DatabaseLog, connectMs: number) {
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | undefined;
  let ready = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const quote = (channel: string) => `"${channel.replaceAll('"', '')}"`;
  const channels = () => new Set([...subscriptions].map((subscription) => subscription.channel));

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const delay = Math.min(2_000, 100 * 2 ** attempt);
    attempt++;
    timer = setTimeout(() => {
      timer = undefined;
      void connect(true);
    }, delay);
  };

  const lost = (current: pg.Client, err?: Error) => {
    if (client !== current) return;
    if (ready || attempt === 0) log.warn({ err }, 'the LISTEN connection was lost; reconnecting');
    ready = false;
    client = undefined;
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    scheduleReconnect();
  };

  const connect = (isReconnect: boolean): Promise<void> => {
    connecting ??= (async () => {
      const current = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs, keepAlive: true });
      client = current;
      current.on('error', (err) => lost(current, err));
      current.on('end', () => lost(current));
      current.on('notification', (message) => {
        for (const subscription of subscriptions) {
          if (subscription.channel === message.channel) subscription.onMessage(message.payload ?? '');
        }
      });
      try {
        await current.connect();
        for (const channel of channels()) await current.query(`LISTEN ${quote(channel)}`);
        if (closed) {
          await current.end();
          return;
        }
        ready = true;
        if (isReconnect) log.warn({ attempts: attempt }, 'the LISTEN connection is back');
        attempt = 0;
        if (isReconnect) for (const subscription of subscriptions) subscription.onReconnect?.();
      } catch (err) {
        lost(current, err as Error);
        if (!isReconnect) throw err;
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void) {
      const subscription: Subscription = { channel, onMessage, onReconnect };
      const isNewChannel = !channels().has(channel);
      subscriptions.add(subscription);
      if (!client && !timer) await connect(false);
      else if (connecting) await connecting;
      else if (ready && isNewChannel) await client?.query(`LISTEN ${quote(channel)}`);
      return async () => {
        subscriptions.delete(subscription);
        if (ready && !channels().has(channel)) await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
      };
    },
    connected: () => ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      ready = false;
      await current?.end().catch(() => undefined);
    },
  };
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

async function openPglite(options: {
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

/** One NOTIFY of each payload on the channel, in order. */
export const notifyStatement = (channel: string, payloads: string[]): Statement =>
  statement(
    'notify',
    { channel, payloads },
    (p) => sql`select pg_notify(${p.channel}, n) from unnest(${p.payloads}::text[]) n`,
  );

/** The NOTIFY senders of each executor (the root database, or a transaction), one per channel. */
const notifiers = new WeakMap<Executor, Map<string, (payload: string) => Promise<void>>>();

/**
 * Sends a notification to every process listening on the channel, in the caller's transaction if any. Every like
 * and comment that notifies someone sends one, so they are coalesced (coalesce.ts): the payloads published while
 * the executor's previous NOTIFY is on its way go together in the next statement, in order, one round trip for
 * many. PostgreSQL delivers identical payloads sent in one transaction once, which costs a listener nothing: such
 * an event says the same the second time. One prepared statement for any number of payloads.
 */
export function notify(executor: Executor, channel: string, payload: string): Promise<void> {
  let channels = notifiers.get(executor);
  if (!channels) notifiers.set(executor, (channels = new Map<string, (payload: string) => Promise<void>>()));
  let send = channels.get(channel);
  if (!send) {
    send = coalesce<string>(async (payloads) => {
      await queryPrepared(executor, notifyStatement(channel, payloads));
    });
    channels.set(channel, send);
  }
  return send(payload);
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

type DrizzleInternals = {
  dialect: PgDialect;
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
    client: unknown;
  };
};

const statementNames = new Map<string, string>();

/** A statement's name on a connection: the same text always gets the same name. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `burti_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  return name;
}

/**
 * `queryRows` as a named prepared statement: PostgreSQL parses it once per connection and, once its generic plan
 * costs no more than the plans made for each call's values, reuses that plan (pg_prepared_statements counts
 * which); planning the feed, comment and leaderboard reads costs more than running them. Only for queries
 * whose text comes from a fixed set of shapes (no lists of varying length spelled into the text): each shape is
 * kept on every pooled connection. PGlite runs it as an ordinary query. Write a LIMIT with `rowLimit`.
 */
export async function queryPrepared<T>(executor: Executor, query: SQL | Statement): Promise<T[]> {
  const { dialect, session } = executor as unknown as DrizzleInternals;
  const client = session.client;
  if (!(query instanceof SQL) && (client instanceof pg.Pool || client instanceof pg.Client)) {
    // Straight to the driver, each row made by its statement's own reader.
    if (!(client instanceof pg.Pool)) return readPrepared<T>(client, query);
    // As the pool's own query() does: a connection for the read, released with the error if there was one.
    const connection = await client.connect();
    let failure: Error | undefined;
    try {
      return await readPrepared<T>(connection, query);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      connection.release(failure);
    }
  }
  const built = query instanceof SQL ? dialect.sqlToQuery(query) : { sql: query.text, params: [...query.values] };
  const name = query instanceof SQL ? statementName(built.sql) : query.name;
  const result: unknown = await session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

function readPrepared<T>(connection: pg.ClientBase, query: Statement): Promise<T[]> {
  return new Promise<T[]>((resolve, reject) => {
    connection.query(new PreparedRead(query, (error, result) => (error ? reject(error) : resolve(result.rows as T[]))));
  });
}

/** The parts of `pg`'s Query that PreparedRead takes over (pg 8: query.js). */
type QueryInternals = {
  name: string;
  _result: { fields: readonly pg.FieldDef[]; rows: unknown[] };
  _canceledDueToError: unknown;
};

/**
 * A named prepared read, sent by `pg` as any named query, with the two steps where `pg` spent most per query done
 * once per statement instead (a CPU profile of the post detail: 13 µs of the API's 104 µs a request): `pg` copies
 * a query's config object property by property, descriptor by descriptor, and on every row description builds a
 * template object of the columns by name and looks each column's parser up. Here the query is made from its text
 * and values, and each statement's reader (parsers and row literal) is made on its first row description and
 * reused while the columns stay the same.
 */
class PreparedRead extends pg.Query {
  private read: RowReader['read'] | undefined;

  constructor(statement: Statement, callback?: (error: Error | undefined, result: { rows: unknown[] }) => void) {
    super(statement.text, statement.values, callback);
    (this as unknown as QueryInternals).name = statement.name;
  }

  handleRowDescription(message: { fields: pg.FieldDef[] }): void {
    const self = this as unknown as QueryInternals;
    self._result.fields = message.fields;
    this.read = rowReader(self.name, message.fields);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const self = this as unknown as QueryInternals;
    if (self._canceledDueToError) return;
    try {
      self._result.rows.push(this.read!(message.fields));
    } catch (error) {
      // As `pg` does: the error is answered once the statement has ended.
      self._canceledDueToError = error;
    }
  }
}

/**
 * Each named statement's reader: its columns' parsers and an object literal of its columns, compiled once per
 * statement. `pg` builds a row by storing each column under its name, one store site for every statement of the
 * process, so with the server's many row shapes those stores went the slow, shape-generic way (the Following
 * feed's rows took three times the baseline's parsing time, where the baseline reads one shape); a literal per
 * statement stays on its own shape. Column names come from PostgreSQL's row description of the server's own
 * statements.
 */
type RowReader = { fields: readonly pg.FieldDef[]; read: (values: readonly (string | null)[]) => unknown };
const rowReaders = new Map<string, RowReader>();
function rowReader(name: string, fields: readonly pg.FieldDef[]): RowReader['read'] {
  const known = rowReaders.get(name);
  if (known && sameColumns(known.fields, fields)) return known.read;
  const parsers = fields.map(
    (field) => driverTypes.getTypeParser(field.dataTypeID, 'text') as (value: string) => unknown,
  );
  // A column named __proto__ would set the prototype in a literal; computed, it is an own property as in `pg`.
  const key = (column: string) => (column === '__proto__' ? `["__proto__"]` : JSON.stringify(column));
  const columns = fields.map((field, i) => `${key(field.name)}: v[${i}] === null ? null : p[${i}](v[${i}])`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a literal of the statement's own column names
  const make = new Function('v', 'p', `return { ${columns.join(', ')} };`) as (
    values: readonly (string | null)[],
    parsers: ((value: string) => unknown)[],
  ) => unknown;
  const read = (values: readonly (string | null)[]) => make(values, parsers);
  rowReaders.set(name, { fields, read });
  return read;
}

function sameColumns(a: readonly pg.FieldDef[], b: readonly pg.FieldDef[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i]!.name !== b[i]!.name || a[i]!.dataTypeID !== b[i]!.dataTypeID) return false;
  return true;
}

/** How drizzle's node-postgres driver reads values: times, dates and intervals stay text. */
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const rawValue = (value: string) => value;
const driverTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number) =>
    RAW_TYPES.has(oid)
      ? rawValue
      : (pg.types.getTypeParser(oid) as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

/** A statement built once per shape (`statement()`): its name on a connection, its text, and this call's values. */
export type Statement = { readonly name: string; readonly text: string; readonly values: readonly unknown[] };

/** Where a call's value goes in a shape's parameters. */
class Slot {
  constructor(readonly name: string) {}
}
/** A shape: its text and name, and its parameters: a slot for each placeholder, the value of each constant. */
type Shape = { name: string; text: string; params: unknown[] };
const shapes = new Map<string, Shape>();
const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_target, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined),
});
const slots = new Proxy({}, { has: () => true, get: (_target, name) => new Slot(String(name)) });
const dialect = new PgDialect();
const verifyShapes = process.env.NODE_ENV === 'test';

/**
 * A hot read's statement with its text built once per shape: drizzle's building of a large statement (walking
 * some hundred fragments and naming the text) cost the post detail a sixth of its CPU on every call. `key` names
 * the shape: everything that changes the text (which filters are present, the LIMIT) and nothing else; `build`
 * composes the text from `p`, whose members stand for `values` of the same name. The tests build the text again on
 * every call and fail when the key missed a difference.
 */
export function statement<V extends Record<string, unknown>>(
  key: string,
  values: V,
  build: (p: { readonly [K in keyof V]: Placeholder }) => SQL,
): Statement {
  let shape = shapes.get(key);
  if (!shape || verifyShapes) {
    const built = dialect.sqlToQuery(build(placeholders as { readonly [K in keyof V]: Placeholder }));
    if (shape && shape.text !== built.sql) throw new Error(`statement ${key}: one key, two texts`);
    shape ??= { name: statementName(built.sql), text: built.sql, params: fillPlaceholders(built.params, slots) };
    shapes.set(key, shape);
  }
  const params = shape.params;
  const filled = new Array<unknown>(params.length);
  for (let i = 0; i < params.length; i++) {
    const param = params[i];
    filled[i] = param instanceof Slot ? values[param.name] : param;
  }
  return { name: shape.name, text: shape.text, values: filled };
}

/**
 * A row count for LIMIT or OFFSET, written into the statement's text rather than sent as a value. With the limit
 * as a parameter, PostgreSQL costs the generic plan of a prepared statement for an unknown share of the table
 * (a full sort of a million posts), never finds it as cheap as a plan for the actual 51 rows, and so plans every
 * call again: 0.7 ms of the feed's 1.6 ms of database time at a million posts. Page sizes are a handful of
 * constants, so the set of statement texts stays small.
 */
export function rowLimit(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`not a row count: ${count}`);
  return sql.raw(String(count));
}

/** True when the error is PostgreSQL's unique violation (23505) of the named constraint, from either driver. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const e = cause as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}
