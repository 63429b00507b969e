import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { withAfterCommit } from './after-commit.js';
import { type Database, type DatabaseLog, silentLog } from './handle.js';
import { createListener } from './listener.js';
import { assertMigrationsComplete, migrationsFolder } from './migrations.js';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type DatabaseTimeouts,
  IDLE_IN_TRANSACTION_TIMEOUT_MS,
  SILENCE_GRACE_MS,
} from './timeouts.js';

// PostgreSQL (DATABASE_URL): a pool whose every wait is bounded, migrations under the startup lock, and LISTEN on a
// connection of its own (listener.ts).

/** The advisory lock key instances take for migrations and other one-time startup work. */
const STARTUP_LOCK = 727274;

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

export async function openPostgres(
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
