import { eq, isNotNull, and } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { posts, profiles, user } from '../../db/schema/index.js';
import type { Storage } from '../../lib/storage.js';
import { forgetViewer } from '../../lib/viewer-cache.js';
import type { Viewer } from '../../plugins/auth.js';

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
    const media = await tx
      .select({ path: posts.mediaPath, feedPath: posts.mediaFeedPath, poster: posts.mediaPosterPath })
      .from(posts)
      .where(and(eq(posts.authorId, viewer.id), isNotNull(posts.mediaPath)));
    const [profile] = await tx
      .select({ avatarPath: profiles.avatarPath })
      .from(profiles)
      .where(eq(profiles.id, viewer.id));
    await tx.delete(user).where(eq(user.id, viewer.id));
    return [...media.flatMap((m) => [m.path, m.feedPath, m.poster]), profile?.avatarPath].filter((path): path is string =>
      Boolean(path),
    );
  });
  forgetViewer(viewer.id);
  await Promise.all(
    files.map((path) =>
      storage.remove(path).catch((err: unknown) => log.warn({ err, path }, 'could not remove a media file')),
    ),
  );
}
