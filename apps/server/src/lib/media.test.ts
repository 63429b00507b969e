import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { AVATAR_MAX_BYTES, MEDIA_MAX_BYTES, VIDEO_MAX_SECONDS, type ErrorCode } from '@burti/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { processAvatar, processPostMedia } from './media.js';
import { makeVideo, probeBytes } from '../../test/videos.js';

// --- fixtures, built in memory -----------------------------------------------------------------------------------

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? '#c0000080' : '#c00' } });

/** A 64×48 JPEG whose EXIF says "rotate 90° clockwise" (orientation 6) and carries a camera make and a GPS position. */
const jpegWithGps = () =>
  solid(64, 48)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'BurtiCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 42/1 3600/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '44/1 47/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();

/** Does this EXIF block point to a GPS IFD (tag 0x8825, type LONG), in either byte order? */
const hasGpsIfd = (exif: Buffer) =>
  exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) || exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]));

/** A JPEG of random pixels, so that it has a body worth truncating. */
const noisyJpeg = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();

/** A real 4×4 PNG whose IHDR is rewritten (CRC included) to claim `width`×`height`: a decompression bomb in ~100 bytes. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(4, 4).png().toBuffer());
  // 8-byte signature, then the IHDR chunk: length (4) 'IHDR' (4) width (4) height (4) … CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};
/** An ISO-BMFF file: an `ftyp` box with the given major brand, then an empty `free` box. */
const isoBmff = (brand: string, compatible = ['isom', 'iso2']) =>
  Buffer.concat([
    box('ftyp', Buffer.from(brand.padEnd(4, ' ') + '\0\0\x02\0' + compatible.join(''), 'latin1')),
    box('free', Buffer.alloc(16)),
  ]);
/** The exact minimal mp4 `ftyp` box of the brief (isom, minor 0x200, compatible isom iso2), plus a `free` box. */
const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  box('free', Buffer.alloc(16)),
]);

/** An EBML header with the given DocType ("webm" → WebM; "matroska" → MKV). */
function ebml(docType: string): Buffer {
  const element = (id: number[], value: Buffer) => Buffer.from([...id, 0x80 | value.length, ...value]);
  const body = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    element([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    element([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
    element([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
    element([0x42, 0x82], Buffer.from(docType, 'latin1')), // DocType
    element([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
    element([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
  ]);
  // Segment element start, so it looks like the beginning of a real file.
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]),
    body,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01]),
  ]);
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const SVG_WITH_PROLOG = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n' + SVG.toString());

/** Awaits `promise` and asserts that it rejects with an AppError of this code, status and (optionally) message. */
async function expectAppError(promise: Promise<unknown>, code: ErrorCode, status: number, message?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe(code);
  expect(appError.status).toBe(status);
  if (message !== undefined) expect(appError.message).toBe(message);
}

const BAD_MEDIA = 'Please select a valid photo or video file';
const BAD_AVATAR = 'Please select an image file';
const TOO_LARGE_TO_PROCESS = 'This image is too large to process';

// --- post media ----------------------------------------------------------------------------------------------------

describe('processPostMedia: photos', () => {
  it('re-encodes a JPEG as JPEG without any EXIF (GPS included), applying the EXIF orientation', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(hasGpsIfd(before.exif!)).toBe(true);
    expect(before.orientation).toBe(6);
    expect([before.width, before.height]).toEqual([64, 48]);

    const out = await processPostMedia(input);
    expect(out).toMatchObject({ type: 'photo', ext: 'jpg', contentType: 'image/jpeg', width: 48, height: 64 });
    const after = await sharp(out.body).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([48, 64]); // rotated
    expect(out.body.includes(Buffer.from('BurtiCam'))).toBe(false);
  });

  it('re-encodes a PNG as WebP, keeping its size and transparency', async () => {
    const out = await processPostMedia(await solid(64, 48, 4).png().toBuffer());
    expect(out).toMatchObject({ type: 'photo', ext: 'webp', contentType: 'image/webp', width: 64, height: 48 });
    const after = await sharp(out.body).metadata();
    expect(after.format).toBe('webp');
    expect(after.hasAlpha).toBe(true);
  });

  it('re-encodes a WebP as WebP', async () => {
    const out = await processPostMedia(await solid(30, 20).webp().toBuffer());
    expect(out).toMatchObject({ type: 'photo', ext: 'webp', contentType: 'image/webp', width: 30, height: 20 });
    expect((await sharp(out.body).metadata()).format).toBe('webp');
  });

  it('shrinks the longest side to 2048 px, and never enlarges', async () => {
    const big = await processPostMedia(await solid(3000, 1500).jpeg().toBuffer());
    expect([big.width, big.height]).toEqual([2048, 1024]);
    const tall = await processPostMedia(await solid(1000, 4096).png().toBuffer());
    expect([tall.width, tall.height]).toEqual([500, 2048]);
    const small = await processPostMedia(await solid(10, 5).jpeg().toBuffer());
    expect([small.width, small.height]).toEqual([10, 5]);
  });

  it('adds a 720 px wide feed copy of a wider photo, in the same format, without metadata', async () => {
    const wide = await processPostMedia(
      await solid(1600, 1200)
        .jpeg()
        .withExif({ IFD0: { Make: 'Burti test camera' } })
        .toBuffer(),
    );
    expect([wide.width, wide.height]).toEqual([1600, 1200]);
    expect(wide.feed).toMatchObject({ width: 720, height: 540 });
    const feed = await sharp(wide.feed!.body).metadata();
    expect([feed.format, feed.width, feed.height, feed.exif]).toEqual(['jpeg', 720, 540, undefined]);
    expect(wide.feed!.body.length).toBeLessThan(wide.body.length);

    const png = await processPostMedia(await solid(900, 300).png().toBuffer());
    expect((await sharp(png.feed!.body).metadata()).format).toBe('webp');
    // A photo no wider than a feed shows it needs no second copy.
    expect((await processPostMedia(await solid(720, 2000).jpeg().toBuffer())).feed).toBeUndefined();
  });

  it('refuses a PNG that declares 50000×50000 pixels (decompression bomb), quickly', async () => {
    const started = Date.now();
    await expectAppError(
      processPostMedia(await pngClaiming(50_000, 50_000)),
      'UNSUPPORTED_MEDIA',
      415,
      TOO_LARGE_TO_PROCESS,
    );
    await expectAppError(
      processPostMedia(await pngClaiming(20_000, 20_000)),
      'UNSUPPORTED_MEDIA',
      415,
      TOO_LARGE_TO_PROCESS,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await noisyJpeg(256, 256);
    await expect(processPostMedia(jpeg)).resolves.toMatchObject({ type: 'photo' });
    await expectAppError(
      processPostMedia(jpeg.subarray(0, Math.floor(jpeg.length * 0.7))),
      'UNSUPPORTED_MEDIA',
      415,
      BAD_MEDIA,
    );
  });

  it('refuses JPEG magic bytes followed by garbage', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);
    await expectAppError(processPostMedia(fake), 'UNSUPPORTED_MEDIA', 415, BAD_MEDIA);
  });
});

describe('processPostMedia: refused types', () => {
  const cases: [string, () => Promise<Buffer> | Buffer][] = [
    ['SVG', () => SVG],
    ['SVG with an XML prolog', () => SVG_WITH_PROLOG],
    ['a text file (named photo.jpg by its sender)', () => Buffer.from('hello')],
    ['HTML', () => Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>')],
    ['PDF', () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n')],
    ['GIF', () => solid(8, 8).gif().toBuffer()],
    ['TIFF', () => solid(8, 8).tiff().toBuffer()],
    ['HEIC (ftyp heic)', () => isoBmff('heic', ['mif1', 'heic'])],
    ['AVIF (ftyp avif)', () => isoBmff('avif', ['mif1', 'avif'])],
    ['M4A audio (ftyp M4A)', () => isoBmff('M4A', ['M4A ', 'isom'])],
    ['3GP (ftyp 3gp5)', () => isoBmff('3gp5', ['3gp5', 'isom'])],
    ['Matroska (EBML DocType matroska)', () => ebml('matroska')],
    ['an empty file', () => Buffer.alloc(0)],
    ['random bytes', () => randomBytes(4096)],
  ];
  it.each(cases)('refuses %s', async (_name, make) => {
    await expectAppError(processPostMedia(await make()), 'UNSUPPORTED_MEDIA', 415, BAD_MEDIA);
  });
});

describe('processPostMedia: videos, remuxed without metadata', () => {
  it('stores an MP4 with ©xyz GPS, make and creation time without any of them, plus a poster', async () => {
    const input = await makeVideo({ gps: true });
    expect(input.includes(Buffer.from('\xa9xyz', 'latin1'))).toBe(true);
    expect(input.includes(Buffer.from('+41.7151+044.8271'))).toBe(true);

    const out = await processPostMedia(input);
    expect(out).toMatchObject({ ext: 'mp4', contentType: 'video/mp4', type: 'video', width: 160, height: 120 });
    for (const needle of ['\xa9xyz', '+41.7151', 'BurtiPhone', 'Lavf', '2024-05-01']) {
      expect(out.body.includes(Buffer.from(needle, 'latin1')), needle).toBe(false);
    }
    const probed = await probeBytes(out.body);
    const tags = Object.keys(probed.format.tags ?? {});
    expect(tags.filter((tag) => !['major_brand', 'minor_version', 'compatible_brands'].includes(tag))).toEqual([]);
    expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probed.format.duration)).toBeCloseTo(1, 0);

    expect(out.poster).toBeInstanceOf(Buffer);
    const poster = await sharp(out.poster).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
    expect(poster.exif).toBeUndefined();
  });

  it('stores an M4V and a QuickTime movie as MP4, and a WebM as WebM', async () => {
    expect(await processPostMedia(await makeVideo({ brand: 'M4V ' }))).toMatchObject({ ext: 'mp4', type: 'video' });
    const mov = await processPostMedia(await makeVideo({ container: 'mov', gps: true }));
    expect(mov).toMatchObject({ ext: 'mp4', contentType: 'video/mp4' });
    expect(mov.body.includes(Buffer.from('\xa9xyz', 'latin1'))).toBe(false);
    const webm = await processPostMedia(await makeVideo({ container: 'webm' }));
    expect(webm).toMatchObject({ ext: 'webm', contentType: 'video/webm' });
    expect((await probeBytes(webm.body)).streams.map((stream) => stream.codec_name).sort()).toEqual(['opus', 'vp9']);
  });

  it('refuses HTML behind an ftyp box, a bare ftyp box, a truncated video and a fake WebM', async () => {
    const html = Buffer.concat([
      Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    await expectAppError(processPostMedia(html), 'UNSUPPORTED_MEDIA', 415, 'Please select a valid video file');
    await expectAppError(processPostMedia(MP4), 'UNSUPPORTED_MEDIA', 415);
    await expectAppError(processPostMedia(isoBmff('qt', ['qt  '])), 'UNSUPPORTED_MEDIA', 415);
    await expectAppError(processPostMedia(ebml('webm')), 'UNSUPPORTED_MEDIA', 415);
    const real = await makeVideo();
    await expectAppError(processPostMedia(real.subarray(0, Math.floor(real.length / 3))), 'UNSUPPORTED_MEDIA', 415);
  });

  it(`refuses a video longer than ${VIDEO_MAX_SECONDS} seconds`, async () => {
    const long = await makeVideo({ seconds: VIDEO_MAX_SECONDS + 2, rate: 1 });
    await expectAppError(processPostMedia(long), 'UNSUPPORTED_MEDIA', 415, 'Videos can be at most 3 minutes long');
  });
});

describe('processPostMedia: size', () => {
  it('refuses 10 MB + 1 byte with FILE_TOO_LARGE before looking at the content', async () => {
    const tooBig = Buffer.alloc(MEDIA_MAX_BYTES + 1);
    MP4.copy(tooBig); // a valid start: only the size can be the reason
    await expectAppError(processPostMedia(tooBig), 'FILE_TOO_LARGE', 413, 'Please select a file smaller than 10MB');
  });

  it('accepts exactly 10 MB', async () => {
    // A real video padded by a top-level `free` box (allowed anywhere in ISO-BMFF) to exactly the limit.
    const video = await makeVideo();
    const padding = MEDIA_MAX_BYTES - video.length;
    const exactly = Buffer.concat([video, box('free', Buffer.alloc(padding - 8))]);
    expect(exactly.length).toBe(MEDIA_MAX_BYTES);
    await expect(processPostMedia(exactly)).resolves.toMatchObject({ type: 'video', ext: 'mp4' });
  });
});

// --- avatars -------------------------------------------------------------------------------------------------------

describe('processAvatar', () => {
  it('turns a 300×200 JPEG into a 512×512 WebP without EXIF', async () => {
    const input = await solid(300, 200)
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 42/1 3600/100' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processAvatar(input);
    expect(out).toMatchObject({ type: 'photo', ext: 'webp', contentType: 'image/webp', width: 512, height: 512 });
    const after = await sharp(out.body).metadata();
    expect([after.format, after.width, after.height]).toEqual(['webp', 512, 512]);
    expect(after.exif).toBeUndefined();
  });

  it('crops a large PNG to a 512×512 square', async () => {
    const out = await processAvatar(await solid(2000, 800, 4).png().toBuffer());
    expect([out.width, out.height]).toEqual([512, 512]);
  });

  it('accepts a WebP', async () => {
    await expect(processAvatar(await solid(40, 40).webp().toBuffer())).resolves.toMatchObject({
      ext: 'webp',
      width: 512,
      height: 512,
    });
  });

  it('refuses a video with "Please select an image file"', async () => {
    await expectAppError(processAvatar(MP4), 'UNSUPPORTED_MEDIA', 415, BAD_AVATAR);
    await expectAppError(processAvatar(ebml('webm')), 'UNSUPPORTED_MEDIA', 415, BAD_AVATAR);
  });

  it('refuses SVG, GIF, text and corrupt images with "Please select an image file"', async () => {
    await expectAppError(processAvatar(SVG), 'UNSUPPORTED_MEDIA', 415, BAD_AVATAR);
    await expectAppError(processAvatar(await solid(8, 8).gif().toBuffer()), 'UNSUPPORTED_MEDIA', 415, BAD_AVATAR);
    await expectAppError(processAvatar(Buffer.from('hello')), 'UNSUPPORTED_MEDIA', 415, BAD_AVATAR);
    const jpeg = await noisyJpeg(128, 128);
    await expectAppError(processAvatar(jpeg.subarray(0, jpeg.length >> 1)), 'UNSUPPORTED_MEDIA', 415, BAD_AVATAR);
  });

  it('refuses a decompression bomb', async () => {
    await expectAppError(
      processAvatar(await pngClaiming(50_000, 50_000)),
      'UNSUPPORTED_MEDIA',
      415,
      TOO_LARGE_TO_PROCESS,
    );
  });

  it('refuses 5 MB + 1 byte with "Image must be less than 5MB"', async () => {
    const tooBig = Buffer.alloc(AVATAR_MAX_BYTES + 1);
    (await solid(8, 8).png().toBuffer()).copy(tooBig);
    await expectAppError(processAvatar(tooBig), 'FILE_TOO_LARGE', 413, 'Image must be less than 5MB');
  });
});
