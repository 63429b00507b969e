import pg from 'pg';
import type { DatabaseLog } from './handle.js';

type Subscription = { channel: string; onMessage: (payload: string) => void; onReconnect?: () => void };

/** How often the LISTEN connection is asked a `select 1`; one left unanswered this long marks it lost. */
export const LISTEN_HEARTBEAT_MS = 2_000;

/**
 * One connection outside the pool for LISTEN. When it is lost (server restart, pg_terminate_backend, network)
 * it reconnects with exponential backoff (0.1 s doubling to 2 s) and listens to every channel again.
 *
 * A connection that goes silent without closing (a half-open socket: the server stopped, a network path gone) would
 * otherwise be noticed only by TCP keepalive, after minutes, while every notification meanwhile is missed: the
 * realtime bus carries revocations that let the API remember who is signed in (lib/viewer-revocation.ts). So the
 * connection is asked a `select 1` every `heartbeatMs`, and one still unanswered at the next beat marks it lost.
 */
export function createListener(url: string, log: DatabaseLog, connectMs: number, heartbeatMs = LISTEN_HEARTBEAT_MS) {
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | undefined;
  let ready = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

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

  const beat = (current: pg.Client) => {
    clearInterval(heartbeat);
    let unanswered = false;
    heartbeat = setInterval(() => {
      if (!unanswered) {
        unanswered = true;
        current.query('select 1').then(
          () => {
            unanswered = false;
          },
          () => undefined,
        );
        return;
      }
      // After the answers already read (a busy event loop runs timers before it reads sockets).
      setImmediate(() => {
        if (unanswered) lost(current, new Error('the LISTEN connection stopped answering'));
      });
    }, heartbeatMs);
    heartbeat.unref();
  };

  const lost = (current: pg.Client, err?: Error) => {
    if (client !== current) return;
    clearInterval(heartbeat);
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
        beat(current);
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
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      ready = false;
      await current?.end().catch(() => undefined);
    },
  };
}
