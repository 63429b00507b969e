import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index.js';
import { MEDIA_CSP } from '../../plugins/media-headers.js';
import { createTestApp, multipartBody, type TestApp } from '../../../test/harness.js';
import { makeVideo, probeBytes } from '../../../test/videos.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
let fan: Fan;

beforeAll(async () => {
  t = await createTestApp();
  [fan] = (await t.createFans(1)) as [Fan];
});
afterAll(async () => t?.close());

function upload(data: Buffer, name = 'clip.mp4', type = 'video/mp4', text = 'matchday clip') {
  const body = multipartBody({ text }, { name, type, data });
  return t.app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: body.payload,
    headers: { ...fan.headers, ...body.headers },
  });
}

describe('videos in posts', () => {
  it('stores an MP4 with ©xyz GPS without it, with a poster beside it, served inline under a media-only CSP', async () => {
    const input = await makeVideo({ gps: true });
    const response = await upload(input);
    expect(response.statusCode).toBe(201);
    const { media } = response.json<{ post: { media: { url: string; type: string; posterUrl: string } } }>().post;
    expect(media.type).toBe('video');
    expect(media.url).toMatch(/^\/media\/posts_media\/.+\.mp4$/);
    expect(media.posterUrl).toMatch(/^\/media\/posts_media\/.+\.jpg$/);

    // The bytes on disk: no location, no device, no creation time, and a real H.264 video.
    const stored = await readFile(join(t.config.mediaDir, media.url.slice('/media/'.length)));
    for (const needle of ['\xa9xyz', '+41.7151+044.8271', 'BurtiPhone']) {
      expect(stored.includes(Buffer.from(needle, 'latin1')), needle).toBe(false);
    }
    const probed = await probeBytes(stored);
    expect(probed.format.tags?.location).toBeUndefined();
    expect(probed.format.tags?.creation_time).toBeUndefined();
    expect(probed.streams.find((stream) => stream.codec_type === 'video')?.codec_name).toBe('h264');

    const poster = await readFile(join(t.config.mediaDir, media.posterUrl.slice('/media/'.length)));
    expect((await sharp(poster).metadata()).format).toBe('jpeg');

    const served = await t.app.inject({ method: 'GET', url: media.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('refuses HTML behind an ftyp box and stores nothing', async () => {
    const html = Buffer.concat([
      Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'.padEnd(4000, ' ')),
    ]);
    const response = await upload(html, 'clip.mp4', 'video/mp4', 'sneaky');
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA',
      message: 'Please select a valid video file',
    });
    expect(await t.db.select().from(posts).where(eq(posts.text, 'sneaky'))).toHaveLength(0);
  });

  it('removes the poster with the video when the post is deleted', async () => {
    const created = await upload(await makeVideo(), 'clip.mp4', 'video/mp4', 'short lived');
    const { id, media } = created.json<{ post: { id: string; media: { url: string; posterUrl: string } } }>().post;
    expect((await fan.delete(`/api/posts/${id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: media.posterUrl })).statusCode).toBe(404);
  });
});
