import pg from 'pg';
import type { DatabaseLog } from './handle.js';

type Subscription = { channel: string; onMessage: (payload: string) => void; onReconnect?: () => void };

/**
 * One connection outside the pool for LISTEN. When it is lost (server restart, pg_terminate_backend, network)
 * it reconnects with exponential backoff (0.1 s doubling to 2 s) and listens to every channel again.
 */
export function createListener(url: string, log: DatabaseLog, connectMs: number) {
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
