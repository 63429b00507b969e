import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
let fan: Fan;

beforeAll(async () => {
  t = await createTestApp();
  [fan] = (await t.createFans(1)) as [Fan];
  // A feed page well over the 1 KB from which answers are compressed.
  for (let i = 0; i < 12; i++) {
    const res = await fan.post('/api/posts', {
      text: `Matchday ${i}: Dinamo against Torpedo at the Boris Paichadze stadium`,
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => t?.close());

const feed = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/feed',
    headers: { ...fan.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed answers', () => {
  it('sends a feed page in brotli to a client that accepts it, the same posts in fewer bytes', async () => {
    const plain = await feed();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ posts: unknown[] }>().posts).toHaveLength(12);

    const br = await feed('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('falls back to gzip, and sends it plain when the client accepts neither', async () => {
    const plain = await feed();
    const gz = await feed('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const identity = await feed('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('leaves a short answer as it is', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...fan.headers, 'accept-encoding': 'br' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json<{ me: { id: string } }>().me.id).toBe(fan.userId);
  });

  it('a retried write gets its first answer back, whether either try accepted compression or not', async () => {
    const key = crypto.randomUUID();
    // Georgian letters take three bytes each: the answer is over 1 KB.
    const text = `${key.slice(0, 8)} ${'მატჩი 19:00-ზე, ტრიბუნები სავსეა. '.repeat(20)}`.slice(0, 500);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { text },
      headers: { ...fan.headers, 'idempotency-key': key, 'accept-encoding': 'br' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const created = JSON.parse(brotliDecompressSync(first.rawPayload).toString()) as { post: { id: string } };

    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { text },
      headers: { ...fan.headers, 'idempotency-key': key },
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(created);

    const feedPage = (await feed()).json<{ posts: { id: string }[] }>();
    expect(feedPage.posts.filter((p) => p.id === created.post.id)).toHaveLength(1);
  });

  it('streams notifications uncompressed, so each event reaches the browser as it is written', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { headers, received } = await new Promise<{ headers: Record<string, unknown>; received: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/notifications/stream',
            headers: { ...fan.headers, 'accept-encoding': 'br, gzip' },
          },
          (res) => {
            // A `retry:` hint comes first, then the unread count as its first event.
            let received = '';
            res.on('data', (chunk: Buffer) => {
              received += chunk.toString();
              if (!received.includes('event: unread')) return;
              resolve({ headers: res.headers, received: received });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(received).toContain('"kind":"unread"');
  });
});
