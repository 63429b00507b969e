import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Storage } from './storage.js';

export type S3StorageOptions = {
  /** The S3 bucket. (Not to be confused with the storage `Bucket`, which becomes the first segment of the key.) */
  bucket: string;
  region: string;
  /** For S3-compatible services (R2, MinIO, Spaces…): e.g. `https://<account>.r2.cloudflarestorage.com`. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted services). */
  forcePathStyle?: boolean;
  /** Where the bucket's objects are publicly readable (a CDN or the bucket's public URL); the key is appended to it. */
  publicBaseUrl: string;
};

/** Keys are written once and never overwritten (each has a random name), so clients and CDNs may cache forever. */
export const S3_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A key we wrote: `{bucket}/{userId}/{file}`, no empty, `.` or `..` segment, no backslash. */
function assertSafeKey(key: string): string {
  const segments = key.split('/');
  if (segments.length !== 3 || key.includes('\\') || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`Invalid media path: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Media in an S3-compatible bucket, each file at the key `{bucket}/{userId}/{uuid}.{ext}`. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default extra checksums (x-amz-checksum-*, since 3.729) are not understood by every S3-compatible
    // service; send them only where an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = options.publicBaseUrl.replace(/\/+$/, '');

  return {
    async put({ bucket, userId, ext, body, contentType }) {
      const key = assertSafeKey(`${bucket}/${userId}/${randomUUID()}.${ext}`);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentLength: body.length,
          ContentType: contentType,
          CacheControl: S3_CACHE_CONTROL,
        }),
      );
      return { path: key, url: `${publicBase}/${key}` };
    },
    async remove(path) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: assertSafeKey(path) }));
    },
  };
}
