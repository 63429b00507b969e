import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/** Where media files live: local disk by default (served at /media), an S3-compatible bucket in production. */
export type Storage = {
  /** Stores the bytes at {bucket}/{userId}/{random}.{ext} and returns the path and the public URL. */
  put(args: { bucket: Bucket; userId: string; ext: string; body: Buffer; contentType: string }): Promise<StoredFile>;
  remove(path: string): Promise<void>;
};
export type Bucket = 'posts_media' | 'avatars';
export type StoredFile = { path: string; url: string };

export function createLocalStorage(rootDir: string, publicBase = '/media'): Storage {
  const resolveSafe = (path: string) => {
    const full = normalize(join(rootDir, path));
    if (!full.startsWith(normalize(rootDir) + sep)) throw new Error('Path escapes the media folder');
    return full;
  };
  return {
    async put({ bucket, userId, ext, body }) {
      const path = `${bucket}/${userId}/${randomUUID()}.${ext}`;
      const full = resolveSafe(path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, body, { flag: 'wx' });
      return { path, url: `${publicBase}/${path}` };
    },
    async remove(path) {
      await rm(resolveSafe(path), { force: true });
    },
  };
}
