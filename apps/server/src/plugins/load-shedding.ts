import { errorCodes } from '@burti/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A bound on the API requests in progress. The embedded database answers one query at a time, so under a burst
 * requests queue behind each other; past `maxInFlight` a request is answered 503 at once (with Retry-After)
 * instead of joining a queue it would wait in for seconds. Health checks and the live stream are not counted.
 */
export function registerLoadShedding(app: FastifyInstance, { maxInFlight }: { maxInFlight: number }): void {
  if (maxInFlight <= 0) return;
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight--;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/health') || url.startsWith('/api/notifications/stream')) {
      done();
      return;
    }
    if (inFlight >= maxInFlight) {
      void reply
        .code(503)
        .header('retry-after', '1')
        .send({ error: { code: 'BUSY', message: errorCodes.BUSY.message } });
      return;
    }
    inFlight++;
    counted.add(request);
    done();
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
