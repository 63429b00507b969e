import type { Executor } from '../../db/client.js';
import { enqueue } from '../jobs.js';

/** One device or chat of the recipient: a stored subscription or token (by row id), or their Telegram chat. */
export type PushTarget = { channel: 'web' | 'fcm'; id: string } | { channel: 'telegram' };

/**
 * A job of the 'push' queue. Without `target` it delivers to every channel of the recipient; a delivery that
 * fails is then retried on its own, as a job with that `target`, so the devices that got it are not sent it again.
 */
export type PushJob =
  | { notificationId: string; target?: PushTarget }
  /** A match alert (decision 022) for a batch of its fans, or its failed delivery to one fan's `target`. */
  | { matchAlert: string; userIds: string[] }
  | { matchAlert: string; userId: string; target: PushTarget };

/** A job that delivers to one target only: the retry of one failed delivery. */
export type PushRetryJob =
  { notificationId: string; target: PushTarget } | { matchAlert: string; userId: string; target: PushTarget };

/**
 * Queues the push for a notification inside the transaction that created it: the job exists exactly when the
 * notification does (a rolled-back like sends nothing), and the worker never looks for a row not yet committed.
 */
export function enqueuePush(tx: Executor, notificationId: string): Promise<string | null> {
  return enqueue<PushJob>(tx, 'push', { notificationId });
}
