import {
  AVATAR_MAX_BYTES,
  MEDIA_MAX_BYTES,
  PHOTO_FEED_WIDTH,
  type PHOTO_MIME_TYPES,
  type VIDEO_MIME_TYPES,
} from '@burti/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './errors.js';
import { processVideo } from './video.js';

/**
 * Uploaded media, judged by its bytes (magic bytes via file-type, then decoded by sharp), never by the file name
 * or the MIME type the client sent.
 *
 * Format decisions:
 * - JPEG photos are re-encoded as JPEG (mozjpeg), PNG and WebP photos as WebP (which keeps transparency). Both at
 *   quality 82, the longest side at most 2048 px (never enlarged), EXIF orientation applied. A photo wider than
 *   PHOTO_FEED_WIDTH also gets a feed copy that wide, in the same format, for lists (phones download what they show).
 * - Avatars are re-encoded as a 512×512 WebP, cropped around the most interesting region (`position: 'attention'`).
 * - Nothing is copied from the input's metadata: sharp strips EXIF (GPS included), XMP and IPTC unless told to keep
 *   them (`keepMetadata`/`withMetadata`/`keepExif`…, never called here), and converts to sRGB with its default
 *   colour management.
 * - An animated PNG (APNG) or WebP is accepted as a photo and becomes a still of its first frame.
 * - Videos (MP4 — including the M4V brand —, WebM, QuickTime .mov) are remuxed by ffmpeg without any metadata,
 *   decoded in full and given a poster frame: see `video.ts`. MP4 and QuickTime are stored as .mp4.
 *
 * Decompression bombs: an image declaring more than {@link MAX_INPUT_PIXELS} pixels (e.g. a 1 KB PNG claiming
 * 50000×50000) is refused from its header, before any pixel is decoded, with UNSUPPORTED_MEDIA (415) "This image is
 * too large to process" — not FILE_TOO_LARGE, whose message speaks of the 10MB byte limit, which such a file meets.
 * sharp's own `limitInputPixels` and a processing timeout back that check up. Corrupt or truncated images are
 * UNSUPPORTED_MEDIA too, never a 500.
 */
export type ProcessedMedia = {
  body: Buffer;
  ext: string;
  contentType: string;
  type: 'photo' | 'video';
  width?: number;
  height?: number;
  /** A photo's narrower copy for feeds, when the photo is wider than PHOTO_FEED_WIDTH. */
  feed?: { body: Buffer; width: number; height: number };
  /** A video's first frame as JPEG, stored beside it. */
  poster?: Buffer;
};

/** Largest image (width × height of the input) we agree to decode. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of a stored post photo. */
export const PHOTO_MAX_SIDE = 2048;
/** Width and height of a stored avatar. */
export const AVATAR_SIDE = 512;
const QUALITY = 82;
/** A pathological image must not hold a libuv worker forever. */
const PROCESSING_TIMEOUT_SECONDS = 20;

const BAD_MEDIA = 'Please select a valid photo or video file';
const BAD_AVATAR = 'Please select an image file';
const IMAGE_TOO_LARGE = 'This image is too large to process';

type PhotoMime = (typeof PHOTO_MIME_TYPES)[number];
type VideoMime = (typeof VIDEO_MIME_TYPES)[number];
/** sharp's name for each accepted photo type (what `metadata().format` must say too). */
type PhotoFormat = 'jpeg' | 'png' | 'webp';
type Detected =
  | { type: 'photo'; mime: PhotoMime; format: PhotoFormat }
  | { type: 'video'; mime: VideoMime; ext: 'mp4' | 'webm' | 'mov' };

/** What we accept, keyed by file-type's `${ext} ${mime}`. Everything else (SVG/XML, GIF, HEIC, AVIF, PDF, text…) is refused. */
const ACCEPTED = new Map<string, Detected>([
  ['jpg image/jpeg', { type: 'photo', mime: 'image/jpeg', format: 'jpeg' }],
  ['png image/png', { type: 'photo', mime: 'image/png', format: 'png' }],
  ['apng image/apng', { type: 'photo', mime: 'image/png', format: 'png' }],
  ['webp image/webp', { type: 'photo', mime: 'image/webp', format: 'webp' }],
  // file-type only reports these two from an ISO-BMFF `ftyp` box; its other `video/mp4` answers (m4p, f4v, f4p) are refused.
  ['mp4 video/mp4', { type: 'video', mime: 'video/mp4', ext: 'mp4' }],
  ['m4v video/x-m4v', { type: 'video', mime: 'video/mp4', ext: 'mp4' }],
  ['webm video/webm', { type: 'video', mime: 'video/webm', ext: 'webm' }],
  ['mov video/quicktime', { type: 'video', mime: 'video/quicktime', ext: 'mov' }],
]);

async function detect(data: Buffer): Promise<Detected | undefined> {
  try {
    const found = await fileTypeFromBuffer(data);
    return found ? ACCEPTED.get(`${found.ext} ${found.mime}`) : undefined;
  } catch {
    return undefined; // a malformed container can make the detector itself throw
  }
}

/**
 * Decodes an image and re-encodes it with `build`. Any failure to decode becomes an AppError: too many pixels →
 * 415 "This image is too large to process", anything else → 415 with `badMessage`.
 */
async function reencode(
  data: Buffer,
  format: PhotoFormat,
  badMessage: string,
  build: (image: Sharp) => Sharp,
): Promise<{ body: Buffer; width: number; height: number }> {
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    // Header only: cheap, and lets a bomb be refused before any pixel is decoded.
    const meta = await image.metadata();
    if (meta.format !== format) throw new AppError('UNSUPPORTED_MEDIA', badMessage);
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('UNSUPPORTED_MEDIA', IMAGE_TOO_LARGE);
    const { data: body, info } = await build(image.rotate())
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { body, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit|timeout/i.test(message)) throw new AppError('UNSUPPORTED_MEDIA', IMAGE_TOO_LARGE);
    throw new AppError('UNSUPPORTED_MEDIA', badMessage);
  }
}

/** A post's photo or video, judged by its bytes (magic bytes), never by its name or the client's MIME type. */
export async function processPostMedia(data: Buffer): Promise<ProcessedMedia> {
  if (data.length > MEDIA_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
  const detected = await detect(data);
  if (!detected) throw new AppError('UNSUPPORTED_MEDIA', BAD_MEDIA);
  if (detected.type === 'video') {
    const video = await processVideo(data, detected.ext);
    return {
      body: video.body,
      ext: video.ext,
      contentType: video.contentType,
      type: 'video',
      width: video.width,
      height: video.height,
      poster: video.poster,
    };
  }
  const asJpeg = detected.format === 'jpeg';
  const { body, width, height } = await reencode(data, detected.format, BAD_MEDIA, (image) => {
    const resized = image.resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    return asJpeg ? resized.jpeg({ quality: QUALITY, mozjpeg: true }) : resized.webp({ quality: QUALITY });
  });
  const feed = width > PHOTO_FEED_WIDTH ? await feedCopy(body, asJpeg) : undefined;
  return asJpeg
    ? { body, ext: 'jpg', contentType: 'image/jpeg', type: 'photo', width, height, feed }
    : { body, ext: 'webp', contentType: 'image/webp', type: 'photo', width, height, feed };
}

/** The feed copy, from the already cleaned and rotated photo (so it holds no metadata either). */
async function feedCopy(photo: Buffer, asJpeg: boolean): Promise<ProcessedMedia['feed']> {
  const resized = sharp(photo).resize({ width: PHOTO_FEED_WIDTH, withoutEnlargement: true });
  const { data, info } = await (
    asJpeg ? resized.jpeg({ quality: QUALITY, mozjpeg: true }) : resized.webp({ quality: QUALITY })
  )
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  return { body: data, width: info.width, height: info.height };
}

/** A profile picture: any photo type above, re-encoded as a square. */
export async function processAvatar(data: Buffer): Promise<ProcessedMedia> {
  if (data.length > AVATAR_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', 'Image must be less than 5MB');
  const detected = await detect(data);
  if (detected?.type !== 'photo') throw new AppError('UNSUPPORTED_MEDIA', BAD_AVATAR);
  const { body, width, height } = await reencode(data, detected.format, BAD_AVATAR, (image) =>
    image.resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'attention' }).webp({ quality: QUALITY }),
  );
  return { body, ext: 'webp', contentType: 'image/webp', type: 'photo', width, height };
}
