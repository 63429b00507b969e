import { errorCodes } from '@burti/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MAX_QUEUE_WAIT_MS } from '../defaults.js';

export type LoadSheddingOptions = {
  /** API requests admitted or waiting beyond which a new one is answered 503 at once; 0 is no bound. */
  maxInFlight: number;
  /** API requests served at once; the others wait their turn in order. 0 serves every request at once. */
  concurrency?: number;
  /** How long a request may wait for its turn before it is answered 503 instead. */
  maxWaitMs?: number;
};

export { DEFAULT_MAX_QUEUE_WAIT_MS };

type Waiting = { request: FastifyRequest; reply: FastifyReply; done: () => void; timer: NodeJS.Timeout };

/**
 * The live streams: a fan's notifications and a match's watchers (`/api/matches/:id/stream`). A stream stays open for
 * as long as its page does, so counted as a request it would hold a turn all that time: on the embedded database
 * (4 turns) four fans watching a match would leave every other request waiting until it is refused.
 */
const MATCH_STREAM = /^\/api\/matches\/[^/?]+\/stream(?:\?|$)/;
const isLiveStream = (url: string) => url.startsWith('/api/notifications/stream') || MATCH_STREAM.test(url);

function busy(reply: FastifyReply): void {
  void reply
    .code(503)
    .header('retry-after', '1')
    .send({ error: { code: 'BUSY', message: errorCodes.BUSY.message } });
}

/**
 * Admission of API requests. The embedded database answers one query at a time: with every request let in at
 * once, a request of three queries waits behind all the others' queries three times over, and under a burst
 * some answers took seconds. So at most `concurrency` requests are served at once and the others wait their turn
 * in arrival order; one that waited `maxWaitMs` without its turn, or that finds `maxInFlight` requests already
 * admitted or waiting, is answered 503 `BUSY` with Retry-After rather than left waiting for seconds. Health
 * checks and the live streams are not counted.
 *
 * A finished request hands its turn to the next waiting one on the event loop's next turn (setImmediate), not
 * at once: on the embedded database a request's queries never wait for a socket, so a turn handed over at once
 * ran straight into the next request's queries, and the process came back to its sockets (requests that arrived,
 * answers to write) and timers (a waiting request's deadline) only between chains of requests. Handed over on
 * the next turn, the Following feed driven by hand under 32 connections had a mean event-loop delay of 11–16 ms
 * instead of 21–27, and answers over 600 ms in 1 round of 15 instead of 7 of 19 (decision 015).
 */
export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  const { maxInFlight, concurrency = 0, maxWaitMs = DEFAULT_MAX_QUEUE_WAIT_MS } = options;
  if (maxInFlight <= 0 && concurrency <= 0) return;
  let running = 0;
  const admitted = new WeakSet<FastifyRequest>();
  const queue: Waiting[] = [];

  const admit = (request: FastifyRequest, done: () => void) => {
    running++;
    admitted.add(request);
    done();
  };
  const next = () => {
    while (queue.length > 0 && (concurrency <= 0 || running < concurrency)) {
      const waiting = queue.shift()!;
      clearTimeout(waiting.timer);
      admit(waiting.request, waiting.done);
    }
  };
  const release = (request: FastifyRequest) => {
    if (admitted.delete(request)) {
      if (queue.length === 0) {
        running--;
        return;
      }
      // The turn stays taken until then, so a request arriving meanwhile queues behind those already waiting.
      setImmediate(() => {
        running--;
        next();
      });
      return;
    }
    const index = queue.findIndex((waiting) => waiting.request === request);
    if (index >= 0) clearTimeout(queue.splice(index, 1)[0]!.timer);
  };

  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/health') || isLiveStream(url)) {
      done();
      return;
    }
    if (maxInFlight > 0 && running + queue.length >= maxInFlight) return busy(reply);
    if (concurrency <= 0 || running < concurrency) return admit(request, done);
    const timer = setTimeout(() => {
      const index = queue.findIndex((waiting) => waiting.request === request);
      if (index < 0) return;
      queue.splice(index, 1);
      busy(reply);
    }, maxWaitMs);
    queue.push({ request, reply, done, timer });
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    release(request);
    done();
  });
}
