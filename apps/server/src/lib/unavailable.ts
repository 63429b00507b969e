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
]);

const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|did not answer within|Client has encountered a connection error|Connection is closed|Stream isn't writeable|MaxRetriesPerRequest|not currently accepting connections|the database system is (starting up|shutting down|in recovery)|terminating connection|PGlite is closed|Cannot use a pool after calling end/i;

export function isUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
