import type { MatchAlert, Notification } from '@burti/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit, notify, type Database, type Executor } from '../db/client.js';

/** One channel carries every user's events; each API process delivers them to its own connected clients. */
export const EVENTS_CHANNEL = 'burti_events';

/** The reconnect delay a closing server gives its streams: come back soon (through the proxy, to another one). */
export const SHUTDOWN_RETRY_MS = 500;

/**
 * What a writer announces: a new notification, or a new unread count after reading. A new notification carries no
 * count: the live stream that forwards it reads its recipient's count (only recipients with a stream need one, and
 * the writer's transaction stays free of a count that grows with the recipient's unread rows).
 */
export type PublishedEvent =
  | { kind: 'notification'; notification: Notification }
  | { kind: 'unread'; unreadCount: number }
  /** A match alert (decision 022): forwarded as it is, without a count (it is not a notification row). */
  | { kind: 'match_alert'; alert: MatchAlert };

type Listener = (event: PublishedEvent) => void;
/** A topic's event as published: its SSE name and its JSON text, parsed by nobody on the way (decision 022). */
export type TopicListener = (name: string, data: string) => void;
/** An open Server-Sent Events stream, as the realtime hub sees it. */
export type Stream = {
  /** Ends the stream after telling the client when to reconnect (`retry:` in ms). */
  end(retryMs: number): void;
};

export type Realtime = {
  subscribe(userId: string, listener: Listener): () => void;
  /**
   * Events of a topic (`match:<id>`) for whoever watches it: each process hands a topic event to its own
   * subscribers of that topic only, one NOTIFY reaching every process.
   */
  subscribeTopic(topic: string, listener: TopicListener): () => void;
  /** How many subscribers a topic has in this process (metrics, tests). */
  topicSubscribers(topic: string): number;
  /** Counts an open stream until it ends, so shutdown can end it and metrics can count it. */
  track(stream: Stream): () => void;
  openStreams(): number;
  /** Runs `resync` for each subscriber when the LISTEN connection returns: events sent while it was away are lost. */
  onResync(resync: () => void): () => void;
  /** Whether events reach this process now (false while the LISTEN connection is away). */
  listening(): boolean;
  /** Ends every open stream with a reconnect hint (shutdown). */
  endStreams(): void;
  close(): Promise<void>;
};

/** The recipient at the head of a payload as publish() writes it (`{"userId":"…","event":…}`), as a JSON string. */
const RECIPIENT = /^\{"userId":("(?:[^"\\]|\\.)*"),/;
/** The head of a topic event as publishTopic() writes it (`{"topic":"…","name":"…","event":…}`). */
const TOPIC = /^\{"topic":("(?:[^"\\]|\\.)*"),"name":"(\w+)","event":/;

/**
 * Fans events out through PostgreSQL LISTEN/NOTIFY, so an event raised by any API process reaches the
 * live clients of every process. Events published inside a transaction are sent once it commits.
 */
export async function createRealtime(database: Database, log: FastifyBaseLogger): Promise<Realtime> {
  const listeners = new Map<string, Set<Listener>>();
  const topics = new Map<string, Set<TopicListener>>();
  const streams = new Set<Stream>();
  const resyncs = new Set<() => void>();
  const unlisten = await database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        const topic = TOPIC.exec(payload);
        if (topic) {
          // Only the topic's name is parsed; the event's text goes to each watcher as it came.
          const watchers = topics.get(JSON.parse(topic[1]!) as string);
          if (!watchers) return;
          const data = payload.slice(topic[0].length, -1);
          for (const watcher of watchers) watcher(topic[2]!, data);
          return;
        }
        // Every process receives every event: one for a fan with no stream here is dropped unparsed.
        const to = RECIPIENT.exec(payload);
        if (to && !listeners.has(JSON.parse(to[1]!) as string)) return;
        const message = JSON.parse(payload) as { userId: string; event: PublishedEvent };
        for (const listener of listeners.get(message.userId) ?? []) listener(message.event);
      } catch (err) {
        log.warn({ err }, 'dropped a malformed realtime message');
      }
    },
    () => {
      for (const resync of resyncs) resync();
    },
  );
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
    subscribeTopic(topic, listener) {
      const set = topics.get(topic) ?? new Set<TopicListener>();
      set.add(listener);
      topics.set(topic, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) topics.delete(topic);
      };
    },
    topicSubscribers: (topic) => topics.get(topic)?.size ?? 0,
    track(stream) {
      streams.add(stream);
      return () => streams.delete(stream);
    },
    openStreams: () => streams.size,
    onResync(resync) {
      resyncs.add(resync);
      return () => resyncs.delete(resync);
    },
    listening: () => database.listening(),
    endStreams() {
      for (const stream of streams) stream.end(SHUTDOWN_RETRY_MS);
      streams.clear();
    },
    // The database may already be gone (an outage at shutdown): nothing is left to unsubscribe from then.
    close: () => unlisten().catch(() => undefined),
  };
}

/**
 * Announces an event to the user's live clients. Inside a transaction it is sent after the commit (and never
 * for a rollback), so the NOTIFY does not hold the write transaction open; outside one it is sent at once.
 */
export async function publish(executor: Executor, userId: string, event: PublishedEvent): Promise<void> {
  await afterCommit(executor, (db) => notify(db, EVENTS_CHANNEL, JSON.stringify({ userId, event })));
}

/**
 * Like publish(), but the NOTIFY goes inside the transaction: PostgreSQL delivers it at the commit, in the order
 * of commits. publish() sends after the commit, so the events of two transactions that run one after the other
 * may leave in either order; a match's alerts (decision 022) must not. It keeps the notification lock for the
 * commit, so it is for jobs, not for a fan's request.
 */
export async function publishInOrder(executor: Executor, userId: string, event: PublishedEvent): Promise<void> {
  await notify(executor, EVENTS_CHANNEL, JSON.stringify({ userId, event }));
}

/**
 * Announces an event to everyone watching a topic (`match:<id>`), with one NOTIFY whatever their number; like
 * publish(), after the commit when inside a transaction. `name` is the Server-Sent Event's name.
 */
export async function publishTopic(executor: Executor, topic: string, name: string, event: unknown): Promise<void> {
  const payload = `{"topic":${JSON.stringify(topic)},"name":"${name}","event":${JSON.stringify(event)}}`;
  await afterCommit(executor, (db) => notify(db, EVENTS_CHANNEL, payload));
}
