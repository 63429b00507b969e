import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Whether an error means a store the API depends on (PostgreSQL, Redis) is away, rather than a bug: such a
 * request answers 503 with a clear message and the API recovers by itself when the store returns.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // A statement cancelled past statement_timeout (query_canceled), a session ended by
  // idle_in_transaction_session_timeout: the database is too slow or stuck, not the request wrong.
  '57014',
  '25P03',
]);

// `pg`'s own words for a connection that failed, timed out (decision 009) or was closed by the pool.
const CONNECTION_MESSAGES =
  /Query read timeout|Client was closed and is not queryable|Connection terminated|timeout exceeded when trying to connect|did not answer within|Client has encountered a connection error|Connection is closed|Stream isn't writeable|MaxRetriesPerRequest|not currently accepting connections|the database system is (starting up|shutting down|in recovery)|terminating connection|PGlite is closed|Cannot use a pool after calling end/i;

export function isUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    // Connecting to a name with several addresses fails with an AggregateError of one error per address.
    if (Array.isArray(errors) && errors.some((each) => isUnavailableError(each))) return true;
    current = cause;
  }
  return false;
}

/**
 * Why the database cannot be used right now (an error `isUnavailableError` accepts), or undefined when it
 * answers a trivial query within `ms`. For answers that come without their error: better-auth catches a failed
 * query and answers 500 with an empty body, which this tells apart from a bug.
 */
export async function databaseAway(db: Executor, ms = 1_000): Promise<Error | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`The database did not answer within ${ms} ms`)), ms);
      }),
    ]);
    return undefined;
  } catch (error) {
    return isUnavailableError(error) ? (error as Error) : undefined;
  } finally {
    clearTimeout(timer);
  }
}
