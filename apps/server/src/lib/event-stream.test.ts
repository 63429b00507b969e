import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { openEventStream } from './event-stream.js';
import { createRealtime, SHUTDOWN_RETRY_MS, type Realtime } from './realtime.js';

const silent = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads a stream's text as it comes, until `until` holds or the time is up. */
async function readUntil(body: ReadableStream<Uint8Array>, until: (text: string) => boolean, timeoutMs = 3000) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (!until(text) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), sleep(deadline - Date.now()).then(() => null)]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

describe('an event stream’s lifecycle', () => {
  let t: TestApp;
  let realtime: Realtime;
  let server: FastifyInstance;
  let base: string;
  let stopped = 0;

  beforeAll(async () => {
    t = await createTestApp();
    realtime = await createRealtime(t.database, silent);
    server = Fastify();
    server.get('/stream', (request, reply) => {
      const stream = openEventStream({ request, reply, realtime, heartbeatMs: 50 });
      stream.onEnd(() => stopped++);
      stream.send('hello', '{"n":1}');
      return reply;
    });
    base = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
    await realtime?.close();
    await t?.close();
  });

  it('opens with the event-stream headers, a reconnect delay and the first event, then keeps alive', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/stream`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const text = await readUntil(response.body!, (seen) => seen.includes(': keep-alive'));
    expect(text.startsWith('retry: 3000\n\nevent: hello\ndata: {"n":1}\n\n')).toBe(true);
    expect(text).toContain(': keep-alive\n\n');
    expect(realtime.openStreams()).toBe(1);

    const before = stopped;
    controller.abort();
    await expect.poll(() => realtime.openStreams()).toBe(0);
    await expect.poll(() => stopped).toBe(before + 1);
  });

  it('is ended by shutdown with the short reconnect delay, its clean-up run once', async () => {
    const response = await fetch(`${base}/stream`);
    const reader = response.body!;
    await expect.poll(() => realtime.openStreams()).toBe(1);
    const before = stopped;
    realtime.endStreams();
    const text = await readUntil(reader, () => false);
    expect(text.endsWith(`retry: ${SHUTDOWN_RETRY_MS}\n\n`)).toBe(true);
    await sleep(100);
    expect(stopped).toBe(before + 1);
    expect(realtime.openStreams()).toBe(0);
  });
});
