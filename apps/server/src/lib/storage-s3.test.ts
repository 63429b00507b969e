import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage, S3_CACHE_CONTROL } from './storage-s3.js';
import type { Storage } from './storage.js';

/** `path` is the URL's path (the SDK also sends a query such as `?x-id=PutObject`, which S3 ignores). */
type Recorded = { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer };

/** Just enough of S3 to record what the SDK sends: 200 to everything, with an ETag for PUT. */
function fakeS3() {
  const requests: Recorded[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://s3.test').pathname;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) });
      if (status !== 200) {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>no</Message></Error>');
        return;
      }
      res.writeHead(200, req.method === 'PUT' ? { etag: '"d41d8cd98f00b204e9800998ecf8427e"' } : {});
      res.end();
    });
  });
  return {
    requests,
    setStatus: (next: number) => (status = next),
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

describe('createS3Storage', () => {
  const s3 = fakeS3();
  let storage: Storage;

  beforeAll(async () => {
    const endpoint = await s3.start();
    storage = createS3Storage({
      bucket: 'burti-media',
      region: 'auto',
      endpoint,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      forcePathStyle: true,
      publicBaseUrl: 'https://cdn.burti.test/media/',
    });
  });
  afterAll(() => s3.stop());
  beforeEach(() => {
    s3.requests.length = 0;
    s3.setStatus(200);
  });

  it('puts the bytes at {bucket}/{userId}/{uuid}.{ext}, signed, with the content type and an immutable cache', async () => {
    const body = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0x80, 0xfe]);
    const stored = await storage.put({
      bucket: 'posts_media',
      userId: 'user123',
      ext: 'jpg',
      body,
      contentType: 'image/jpeg',
    });

    expect(stored.path).toMatch(
      /^posts_media\/user123\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jpg$/,
    );
    expect(stored.url).toBe(`https://cdn.burti.test/media/${stored.path}`);

    expect(s3.requests).toHaveLength(1);
    const [request] = s3.requests;
    expect(request!.method).toBe('PUT');
    expect(request!.path).toBe(`/burti-media/${stored.path}`);
    expect(request!.headers['content-type']).toBe('image/jpeg');
    expect(request!.headers['cache-control']).toBe(S3_CACHE_CONTROL);
    expect(request!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    expect(request!.body.equals(body)).toBe(true);
  });

  it('gives every file a new key', async () => {
    const args = {
      bucket: 'avatars',
      userId: 'u1',
      ext: 'webp',
      body: Buffer.from('x'),
      contentType: 'image/webp',
    } as const;
    const a = await storage.put(args);
    const b = await storage.put(args);
    expect(a.path).not.toBe(b.path);
    expect(a.path.startsWith('avatars/u1/')).toBe(true);
  });

  it('deletes the object at the stored path', async () => {
    await storage.remove('avatars/user123/0b0c6f43-9d4f-4f56-9a8c-0c8f3b1f9a11.webp');
    expect(s3.requests).toHaveLength(1);
    const [request] = s3.requests;
    expect(request!.method).toBe('DELETE');
    expect(request!.path).toBe('/burti-media/avatars/user123/0b0c6f43-9d4f-4f56-9a8c-0c8f3b1f9a11.webp');
    expect(request!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
  });

  it('refuses paths it did not write, without a request', async () => {
    for (const path of [
      '',
      '../x',
      'avatars/../../x',
      'avatars/u/../x',
      '/avatars/u/x.webp',
      'avatars/u',
      'a\\b/c/d',
    ]) {
      await expect(storage.remove(path)).rejects.toThrow('Invalid media path');
    }
    expect(s3.requests).toHaveLength(0);
  });

  it('rejects when S3 answers with an error', async () => {
    s3.setStatus(403);
    await expect(
      storage.put({ bucket: 'avatars', userId: 'u1', ext: 'webp', body: Buffer.from('x'), contentType: 'image/webp' }),
    ).rejects.toThrow();
  });
});
