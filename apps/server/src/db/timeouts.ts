/**
 * How long the API waits on PostgreSQL (decision 009): for a connection (a new one, or a turn at the pool's), and
 * for a statement's answer. Past either the request fails as `UNAVAILABLE` (503), so a paused or unreachable
 * database is answered within seconds and never holds requests until it comes back.
 */
export type DatabaseTimeouts = {
  /** Waiting for a connection of the pool, new or in use (default {@link DEFAULT_CONNECT_TIMEOUT_MS}). */
  connectMs?: number;
  /**
   * A statement's run: PostgreSQL cancels it past this (statement_timeout), and a connection whose server says
   * nothing for this long and a half second more is cut (default {@link DEFAULT_STATEMENT_TIMEOUT_MS}).
   */
  statementMs?: number;
};

export { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from '../defaults.js';
/** How much longer than statement_timeout a silent server is given before its connection is cut. */
export const SILENCE_GRACE_MS = 500;
/**
 * PostgreSQL ends a session whose transaction stays idle this long (idle_in_transaction_session_timeout): a
 * process frozen mid-transaction does not hold its locks, and the rows other requests wait for, for ever.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
