import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { forgetViewer } from '../../lib/viewer-revocation.js';
import type { Viewer } from '../../plugins/auth.js';
import * as q from './account.queries.js';

/**
 * Removes the person in one transaction: the account row cascades to sessions, profile, posts, comments, likes,
 * shares, follows, blocks, notifications, push tokens, referrals, ledger rows and timelines, and the counter
 * triggers keep every other count true; the rows that name the person without a foreign key (stored answers of
 * idempotent writes, pending leaderboard activity, reports about them, failed sign-ins, reset tokens) are
 * deleted with it, and audit entries about them kept without their id. Stored media files go once the rows are
 * gone. `account-deletion.test.ts` finds every such table from the catalog and checks it.
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
    await q.deleteUser(tx, viewer.id, await q.emailOf(tx, viewer.id));
    return stored;
  });
  await forgetViewer(db, viewer.id);
  await Promise.all(
    files.map((path) =>
      storage.remove(path).catch((err: unknown) => log.warn({ err, path }, 'could not remove a media file')),
    ),
  );
}
