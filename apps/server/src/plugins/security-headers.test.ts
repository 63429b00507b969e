import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'burti-web-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await createTestApp({ webDistDir: dir });
});
afterAll(async () => t?.close());

describe('security headers', () => {
  it('gives a JSON answer the API set: no sniffing, never a document, not framed, HTTPS only, no referrer', async () => {
    const [fan] = await t.createFans(1);
    const res = await fan!.get('/api/me');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives an error answer of the API the same set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the web app’s page the document policy, which lets the Telegram web client frame it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feed', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' https://telegram.org");
    expect(policy).toMatch(/frame-ancestors 'self' https:\/\/web\.telegram\.org/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
