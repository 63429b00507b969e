import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** A web build as Vite and the precompress plugin leave it: hashed assets with .br and .gz copies beside them. */
async function writeBuild(): Promise<{ dir: string; script: string; html: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'burti-web-'));
  await mkdir(join(dir, 'assets'));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
  const files: Record<string, string> = {
    'index.html': html,
    'assets/index-AbC123.js': script,
    'sw.js': `self.addEventListener('push', () => {}); // ${'x'.repeat(2000)}`,
    'manifest.webmanifest': JSON.stringify({ name: 'Burti', icons: [] }),
  };
  for (const [name, body] of Object.entries(files)) {
    await writeFile(join(dir, name), body);
    await writeFile(join(dir, `${name}.br`), brotliCompressSync(body));
    await writeFile(join(dir, `${name}.gz`), gzipSync(body));
  }
  return { dir, script, html };
}

describe('web build: compression and caching', () => {
  let t: TestApp;
  let build: Awaited<ReturnType<typeof writeBuild>>;

  beforeAll(async () => {
    build = await writeBuild();
    t = await createTestApp({ webDistDir: build.dir });
  });
  afterAll(async () => t.close());

  it('sends a hashed script brotli-compressed to a browser that accepts brotli, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.script);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(build.script) / 2);
  });

  it('falls back to gzip, then to the plain file, by what the client accepts', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(build.script);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(build.script);
  });

  it('revalidates index.html, compressed, both at / and on a client route', async () => {
    for (const url of ['/', '/index.html', '/feed', '/post/2b0c1e5e-6b7a-4a4c-9a36-1f1f1f1f1f1f']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(build.html);
    }
  });

  it('never caches the service worker or the web manifest as immutable', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a revalidation of index.html with 304 and no body', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/index.html' });
    const etag = first.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/index.html', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('leaves API answers uncompressed, the live notification stream included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ ok: true });
  });

  it('does not serve the build manifest or other dot-folders of the build', async () => {
    await mkdir(join(build.dir, '.vite'), { recursive: true });
    await writeFile(join(build.dir, '.vite/manifest.json'), '{}');
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.headers['content-type']).not.toMatch(/json/);
  });

  it("preloads the feed's first page with /feed for a signed-in fan only", async () => {
    const preload = '</api/feed>; rel=preload; as=fetch; crossorigin=use-credentials';
    const page = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const signedIn = await page('/feed', 'theme=dark; better-auth.session_token=abc.def');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<div id="root">');
    expect(signedIn.headers.link).toBe(preload);
    expect((await page('/feed?tab=following', '__Secure-better-auth.session_token=abc')).headers.link).toBe(preload);
    expect((await page('/feed')).headers.link).toBeUndefined();
    expect((await page('/auth', 'better-auth.session_token=abc')).headers.link).toBeUndefined();
    expect((await page('/feed', 'not-better-auth.session_token=abc')).headers.link).toBeUndefined();
  });
});
