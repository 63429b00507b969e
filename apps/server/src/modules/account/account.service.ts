import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { forgetViewer } from '../../lib/viewer-cache.js';
import type { Viewer } from '../../plugins/auth.js';
import * as q from './account.queries.js';

/**
 * Removes the person: the account row cascades to sessions, profile, posts, comments, likes, shares, follows,
 * blocks, notifications, push tokens, referrals and ledger rows, and the counter triggers keep every other
 * count true. Stored media files go once the rows are gone.
 */
export async function deleteAccount({
  db,
  viewer,
  storage,
  log,
}: {
  db: Db;
  viewer: Viewer;
  storage: Storage;
  log: FastifyBaseLogger;
}): Promise<void> {
  const files = await db.transaction(async (tx) => {
    const stored = await q.storedFilesOf(tx, viewer.id);
    await q.deleteUser(tx, viewer.id);
    return stored;
  });
  forgetViewer(viewer.id);
  await Promise.all(
    files.map((path) =>
      storage.remove(path).catch((err: unknown) => log.warn({ err, path }, 'could not remove a media file')),
    ),
  );
}
