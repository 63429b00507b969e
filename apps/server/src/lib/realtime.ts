import type { NotificationEvent } from '@burti/shared';
import type { FastifyBaseLogger } from 'fastify';
import { notify, type Database, type Executor } from '../db/client.js';

/** One channel carries every user's events; each API process delivers them to its own connected clients. */
export const EVENTS_CHANNEL = 'burti_events';

type Listener = (event: NotificationEvent) => void;
export type Realtime = {
  subscribe(userId: string, listener: Listener): () => void;
  close(): Promise<void>;
};

/**
 * Fans events out through PostgreSQL LISTEN/NOTIFY, so an event raised by any API process reaches the
 * live clients of every process. Events sent inside a transaction are delivered when it commits.
 */
export async function createRealtime(database: Database, log: FastifyBaseLogger): Promise<Realtime> {
  const listeners = new Map<string, Set<Listener>>();
  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    try {
      const message = JSON.parse(payload) as { userId: string; event: NotificationEvent };
      for (const listener of listeners.get(message.userId) ?? []) listener(message.event);
    } catch (err) {
      log.warn({ err }, 'dropped a malformed realtime message');
    }
  });
  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    close: () => unlisten(),
  };
}

export async function publish(executor: Executor, userId: string, event: NotificationEvent): Promise<void> {
  await notify(executor, EVENTS_CHANNEL, JSON.stringify({ userId, event }));
}
