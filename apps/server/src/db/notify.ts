import { sql } from 'drizzle-orm';
import { coalesce } from './coalesce.js';
import type { Executor } from './handle.js';
import { queryPrepared, type Statement, statement } from './statements.js';

// NOTIFY on a channel that every process LISTENs to (lib/realtime.ts), coalesced per executor.

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
