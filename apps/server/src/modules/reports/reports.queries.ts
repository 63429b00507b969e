import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { comments, posts, profiles, reports } from '../../db/schema/index.js';

/** A reported post (live or deleted), or null. */
export async function findPost(db: Executor, postId: string) {
  const [post] = await db.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, postId));
  return post ?? null;
}

export async function commentExists(db: Executor, commentId: string): Promise<boolean> {
  const [comment] = await db.select({ id: comments.id }).from(comments).where(eq(comments.id, commentId));
  return Boolean(comment);
}

export async function profileExists(db: Executor, userId: string): Promise<boolean> {
  const [user] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  return Boolean(user);
}

/** The new report's id, or null when the reporter already has an open report of this target. */
export async function insertReport(
  db: Executor,
  values: { targetType: 'post' | 'comment' | 'user'; targetId: string; reporterId: string; reason: string },
): Promise<string | null> {
  const [report] = await db.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
  return report?.id ?? null;
}
