import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can turn into a database that is away, without touching the
 * server other people use:
 * - `pause()`: as a stopped (SIGSTOP) server looks from the network: connections are accepted and stay open,
 *   but nothing sent either way arrives until `resume()`, which delivers it all in order;
 * - `refuse()`: as a server that is down: open connections are cut and new ones refused (ECONNREFUSED) until
 *   `accept()`;
 * - `onClientData`: sees what clients send, e.g. to cut the database off in the middle of a request.
 */
export type TcpProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  pause(): void;
  resume(): void;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  onClientData?: (chunk: Buffer) => void;
  close(): Promise<void>;
};

type Direction = { to: Socket; held: Buffer[] };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  const pairs = new Set<{ client: Socket; server: Socket; up: Direction; down: Direction }>();
  let server: Server;

  const forward = (direction: Direction, chunk: Buffer) => {
    if (paused || direction.held.length > 0) direction.held.push(chunk);
    else direction.to.write(chunk);
  };
  const flush = (direction: Direction) => {
    for (const chunk of direction.held.splice(0)) direction.to.write(chunk);
  };

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const created = createServer((client) => {
        const upstream = connect(target.port, target.host);
        const pair = {
          client,
          server: upstream,
          up: { to: upstream, held: [] as Buffer[] },
          down: { to: client, held: [] as Buffer[] },
        };
        pairs.add(pair);
        const end = () => {
          pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        };
        client.on('data', (chunk: Buffer) => {
          proxy.onClientData?.(chunk);
          forward(pair.up, chunk);
        });
        upstream.on('data', (chunk: Buffer) => forward(pair.down, chunk));
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => resolve(created));
    });

  server = await listen(0);
  const port = (server.address() as { port: number }).port;
  const cutAll = () => {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.server.destroy();
    }
    pairs.clear();
  };
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

  const proxy: TcpProxy = {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const pair of pairs) {
        flush(pair.up);
        flush(pair.down);
      }
    },
    async refuse() {
      const stopped = stop();
      cutAll();
      await stopped;
    },
    async accept() {
      if (!server.listening) server = await listen(port);
    },
    async close() {
      paused = false;
      const stopped = server.listening ? stop() : Promise.resolve();
      cutAll();
      await stopped;
    },
  };
  return proxy;
}
