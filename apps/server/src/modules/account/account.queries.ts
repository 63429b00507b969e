import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { posts, profiles, user } from '../../db/schema/index.js';

/** Every stored file of the person: their posts' media (full, feed size, poster) and their avatar. */
export async function storedFilesOf(db: Executor, userId: string): Promise<string[]> {
  const media = await db
    .select({ path: posts.mediaPath, feedPath: posts.mediaFeedPath, poster: posts.mediaPosterPath })
    .from(posts)
    .where(and(eq(posts.authorId, userId), isNotNull(posts.mediaPath)));
  const [profile] = await db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.id, userId));
  return [...media.flatMap((m) => [m.path, m.feedPath, m.poster]), profile?.avatarPath].filter((path): path is string =>
    Boolean(path),
  );
}

/** Deletes the account row; everything of the person cascades from it. */
export async function deleteUser(db: Executor, userId: string): Promise<void> {
  await db.delete(user).where(eq(user.id, userId));
}
