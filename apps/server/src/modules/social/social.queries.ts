import { and, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { follows, profiles, userBlocks } from '../../db/schema/index.js';

/** The profile a follow or block is aimed at: exists, whether an administrator blocked it, and its followers. */
export async function findTarget(db: Executor, userId: string) {
  const [profile] = await db
    .select({ id: profiles.id, isBlocked: profiles.isBlocked, followersCount: profiles.followersCount })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile ?? null;
}

export async function followersCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: profiles.followersCount }).from(profiles).where(eq(profiles.id, userId));
  return row?.n ?? 0;
}

/** True when the follow is new (false when it was already there). */
export async function insertFollow(db: Executor, followerId: string, followingId: string): Promise<boolean> {
  const inserted = await db
    .insert(follows)
    .values({ followerId, followingId })
    .onConflictDoNothing()
    .returning({ id: follows.followingId });
  return inserted.length > 0;
}

export async function deleteFollow(db: Executor, followerId: string, followingId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
}

/** Ends the follows between the two, in both directions. */
export async function deleteFollowsBetween(db: Executor, a: string, b: string): Promise<void> {
  await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followingId, b)),
        and(eq(follows.followerId, b), eq(follows.followingId, a)),
      ),
    );
}

export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function isFollowing(db: Executor, followerId: string, followingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: follows.followingId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
  return Boolean(row);
}

/** True when `blockerId` has blocked `blockedId` (one direction). */
export async function hasBlocked(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return Boolean(row);
}
