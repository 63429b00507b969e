import type { BlockState, FollowState, Relationship } from '@burti/shared';
import { and, eq, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { follows, profiles, userBlocks } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isBlockedEitherWay } from '../../lib/visibility.js';
import type { Viewer } from '../../plugins/auth.js';
import { deleteBetween } from '../notifications/notifications.queries.js';
import { notifyUser } from '../notifications/notifications.service.js';

type Args = { db: Db; viewer: Viewer; targetId: string };

async function target(db: Executor, viewer: Viewer, targetId: string, verb: string) {
  if (targetId === viewer.id) throw new AppError('CANNOT_TARGET_SELF', `You can't ${verb} yourself.`);
  const [profile] = await db
    .select({ id: profiles.id, isBlocked: profiles.isBlocked, followersCount: profiles.followersCount })
    .from(profiles)
    .where(eq(profiles.id, targetId));
  if (!profile) throw new AppError('USER_NOT_FOUND');
  return profile;
}

async function followersCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: profiles.followersCount }).from(profiles).where(eq(profiles.id, userId));
  return row?.n ?? 0;
}

export async function follow({ db, viewer, targetId }: Args): Promise<FollowState> {
  return db.transaction(async (tx) => {
    const profile = await target(tx, viewer, targetId, 'follow');
    if (profile.isBlocked) throw new AppError('USER_NOT_FOUND');
    if (await isBlockedEitherWay(tx, viewer.id, targetId)) throw new AppError('USER_BLOCKED');
    const inserted = await tx
      .insert(follows)
      .values({ followerId: viewer.id, followingId: targetId })
      .onConflictDoNothing()
      .returning({ id: follows.followingId });
    if (inserted.length) await notifyUser(tx, { to: targetId, actorId: viewer.id, type: 'follow' });
    return { following: true, followersCount: await followersCount(tx, targetId) };
  });
}

export async function unfollow({ db, viewer, targetId }: Args): Promise<FollowState> {
  await target(db, viewer, targetId, 'unfollow');
  await db.delete(follows).where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, targetId)));
  return { following: false, followersCount: await followersCount(db, targetId) };
}

/** Blocking ends follows both ways and clears the notifications between the two. */
export async function block({ db, viewer, targetId }: Args): Promise<BlockState> {
  await db.transaction(async (tx) => {
    await target(tx, viewer, targetId, 'block');
    await tx.insert(userBlocks).values({ blockerId: viewer.id, blockedId: targetId }).onConflictDoNothing();
    await tx
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, viewer.id), eq(follows.followingId, targetId)),
          and(eq(follows.followerId, targetId), eq(follows.followingId, viewer.id)),
        ),
      );
    await deleteBetween(tx, viewer.id, targetId);
  });
  return { blocked: true };
}

export async function unblock({ db, viewer, targetId }: Args): Promise<BlockState> {
  await target(db, viewer, targetId, 'unblock');
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, targetId)));
  return { blocked: false };
}

export async function relationship(db: Executor, viewer: Viewer, targetId: string): Promise<Relationship> {
  if (targetId === viewer.id) return { isSelf: true, isFollowing: false, hasBlocked: false };
  const [following] = await db
    .select({ id: follows.followingId })
    .from(follows)
    .where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, targetId)));
  const [blocked] = await db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, targetId)));
  return { isSelf: false, isFollowing: Boolean(following), hasBlocked: Boolean(blocked) };
}

/** True when the user blocked the viewer: then the viewer cannot see them at all. */
export async function isBlockedBy(db: Executor, viewer: Viewer, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, viewer.id)));
  return Boolean(row);
}
