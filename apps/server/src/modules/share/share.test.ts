import { access, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { APP_URL, createTestApp, type TestApp } from '../../../test/harness.js';
import { DEFAULT_SHARE_IMAGE } from './share.service.js';

/** Shared links: `/post/{id}` and `/u/{id}` answer crawlers with the post's or profile's card in the page. */
let t: TestApp;
const html = '<!doctype html><html><head><title>Burti</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'burti-share-'));
  await writeFile(join(dir, 'index.html'), html);
  t = await createTestApp({ webDistDir: dir });
});
afterAll(async () => t?.close());

const page = async (url: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { 'user-agent': 'TelegramBot (like TwitterBot)' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
};
const meta = (body: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(body)?.[1];

describe('share cards', () => {
  it('gives a post link its first line, author, club and escaped text', async () => {
    const [author] = await t.createFans(1, 'Torpedo Kutaisi');
    const text = 'Derby <script>alert("x")</script> & more\nsecond line';
    const created = await author!.post('/api/posts', { text });
    const id = created.json<{ post: { id: string } }>().post.id;
    const body = await page(`/post/${id}`);
    expect(meta(body, 'og:description')).toBe('Derby &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(meta(body, 'og:title')).toMatch(/ · Torpedo Kutaisi$/);
    expect(meta(body, 'og:url')).toMatch(new RegExp(`/post/${id}$`));
    expect(meta(body, 'twitter:card')).toBe('summary');
    // Without a photo, the site's icon: an absolute address, so messengers can fetch it.
    expect(meta(body, 'og:image')).toBe(`${APP_URL}/icons/icon-512.png`);
    expect(meta(body, 'twitter:image')).toBe(`${APP_URL}/icons/icon-512.png`);
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('second line');
    // The app itself is still the page.
    expect(body).toContain('<div id="root"></div>');
  });

  it('gives a deleted post, an unknown one and a malformed id the generic page', async () => {
    const [author] = await t.createFans(1);
    const id = (await author!.post('/api/posts', { text: 'Soon gone, secret words' })).json<{ post: { id: string } }>()
      .post.id;
    expect((await author!.delete(`/api/posts/${id}`)).statusCode).toBe(204);
    for (const url of [`/post/${id}`, '/post/00000000-0000-4000-8000-000000000000', '/post/not-a-uuid']) {
      const body = await page(url);
      expect(body).toBe(html);
      expect(body).not.toContain('secret words');
    }
  });

  it('gives a profile link its nickname and club', async () => {
    const [fan] = await t.createFans(1, 'Barcelona');
    const me = (await fan!.get('/api/me')).json<{ me: { nickname: string } }>().me;
    const body = await page(`/u/${fan!.userId}`);
    expect(meta(body, 'og:title')).toBe(`${me.nickname} · Barcelona`);
    expect(meta(body, 'og:image')).toBe(`${APP_URL}/icons/icon-512.png`);
    expect((await page('/u/nobody-here')).includes('og:title')).toBe(false);
  });

  it('falls back to an image the web app really serves', async () => {
    const publicDir = fileURLToPath(new URL('../../../../web/public', import.meta.url));
    await expect(access(join(publicDir, DEFAULT_SHARE_IMAGE))).resolves.toBeUndefined();
  });
});
