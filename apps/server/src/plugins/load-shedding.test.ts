import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { registerLoadShedding } from './load-shedding.js';

let bounded: TestApp;
let queued: TestApp;
let impatient: TestApp;
beforeAll(async () => {
  [bounded, queued, impatient] = await Promise.all([
    createTestApp({ maxInFlight: 2 }),
    // One request served at a time, the others waiting their turn for as long as a test could need.
    createTestApp({ maxInFlight: 48, apiConcurrency: 1, maxQueueWaitMs: 60_000 }),
    // One at a time, and no request may wait longer than a millisecond for its turn.
    createTestApp({ maxInFlight: 48, apiConcurrency: 1, maxQueueWaitMs: 1 }),
  ]);
});
afterAll(async () => Promise.all([bounded?.close(), queued?.close(), impatient?.close()]));

describe('admission of API requests', () => {
  it('answers 503 BUSY with Retry-After beyond the bound, and serves again once the burst is over', async () => {
    const [fan] = await bounded.createFans(1);
    const burst = await Promise.all(Array.from({ length: 12 }, () => fan!.get('/api/feed')));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const busy = burst.find((response) => response.statusCode === 503)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({ error: { code: 'BUSY' } });

    // Every slot was given back: one request at a time always gets through.
    for (let i = 0; i < 5; i++) expect((await fan!.get('/api/feed')).statusCode).toBe(200);
    expect((await bounded.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('serves a burst one request at a time: each finished request lets the next waiting one in', async () => {
    const [fan] = await queued.createFans(1);
    const burst = await Promise.all(Array.from({ length: 12 }, () => fan!.get('/api/feed')));
    expect(burst.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
  });

  it('answers 503 BUSY to a request that waited too long for its turn, and gives every turn back', async () => {
    const [fan] = await impatient.createFans(1);
    const burst = await Promise.all(Array.from({ length: 12 }, () => fan!.get('/api/feed')));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(503);
    const busy = burst.find((response) => response.statusCode === 503)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({ error: { code: 'BUSY' } });
    for (let i = 0; i < 5; i++) expect((await fan!.get('/api/feed')).statusCode).toBe(200);
  });
});

describe('turns', () => {
  it('hands a finished request’s turn to the next waiting one only after the process has been back to its sockets', async () => {
    const app = Fastify();
    const events: string[] = [];
    // Registered first, so it runs before the admission's own hook: anything the process does after going back to
    // its sockets (reading requests that arrived, timers) is marked by this setImmediate.
    app.addHook('onResponse', (_request, _reply, done) => {
      setImmediate(() => events.push('back to the sockets'));
      done();
    });
    registerLoadShedding(app, { maxInFlight: 48, concurrency: 1, maxWaitMs: 60_000 });
    app.get('/api/work', () => {
      events.push('turn');
      return Promise.resolve({ ok: true });
    });
    const answers = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/api/work' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([
      'turn',
      'back to the sockets',
      'turn',
      'back to the sockets',
      'turn',
      'back to the sockets',
      'turn',
      'back to the sockets',
    ]);
    await app.close();
  });
});

describe('live streams', () => {
  it('leave every turn to other requests for as long as they stay open', async () => {
    const app = Fastify();
    registerLoadShedding(app, { maxInFlight: 48, concurrency: 1, maxWaitMs: 500 });
    for (const url of ['/api/notifications/stream', '/api/matches/:matchId/stream']) {
      app.get(url, (_request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
        reply.raw.write(': open\n\n');
      });
    }
    app.get('/api/work', () => Promise.resolve({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    try {
      const streams = await Promise.all(
        ['/api/notifications/stream', '/api/matches/8c1f2a9e/stream', '/api/matches/8c1f2a9e/stream?x=1'].map((path) =>
          fetch(`${base}${path}`, { signal: controller.signal }),
        ),
      );
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
      // One turn, three streams open: a request still gets it at once, and so does the next.
      for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url: '/api/work' })).statusCode).toBe(200);
    } finally {
      controller.abort();
      await app.close();
    }
  });
});
