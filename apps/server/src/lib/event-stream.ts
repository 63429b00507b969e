import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Realtime } from './realtime.js';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it reconnects a stream that dropped. */
const RECONNECT_MS = 3_000;

export type EventStream = {
  /** Writes one event: its SSE name and its data, already JSON text. */
  send: (name: string, data: string) => void;
  /** Runs `stop` once when the stream ends: the client left, or the server is shutting down. */
  onEnd: (stop: () => void) => void;
};

/**
 * Opens a Server-Sent Events stream on the reply (which Fastify then leaves alone) and keeps its lifecycle: the
 * headers, a heartbeat, the realtime hub's count of open streams (shutdown ends each with a short `retry:` so the
 * browser reconnects, to another instance), and one clean-up when the client leaves or shutdown ends it. What the
 * stream carries is the route's: it sends its events and hands its subscriptions' ends to `onEnd`.
 */
export function openEventStream({
  request,
  reply,
  realtime,
  heartbeatMs = HEARTBEAT_MS,
}: {
  request: FastifyRequest;
  reply: FastifyReply;
  realtime: Realtime;
  heartbeatMs?: number;
}): EventStream {
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const stops: (() => void)[] = [];
  let ended = false;
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    untrack();
    for (const stop of stops.splice(0)) stop();
  };
  const untrack = realtime.track({
    end(retryMs) {
      end();
      res.end(`retry: ${retryMs}\n\n`);
    },
  });
  request.raw.on('close', end);
  res.write(`retry: ${RECONNECT_MS}\n\n`);
  return {
    send: (name, data) => void res.write(`event: ${name}\ndata: ${data}\n\n`),
    onEnd: (stop) => {
      if (ended) stop();
      else stops.push(stop);
    },
  };
}
