import type { BlockState, FollowState, Relationship } from '@burti/shared';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isBlockedEitherWay } from '../../lib/visibility.js';
import type { Viewer } from '../../plugins/auth.js';
import { forgetNotificationsBetween, notifyUser } from '../notifications/notifications.service.js';
import * as q from './social.queries.js';

type Args = { db: Db; viewer: Viewer; targetId: string };

async function target(db: Executor, viewer: Viewer, targetId: string, verb: string) {
  if (targetId === viewer.id) throw new AppError('CANNOT_TARGET_SELF', `You can't ${verb} yourself.`);
  const profile = await q.findTarget(db, targetId);
  if (!profile) throw new AppError('USER_NOT_FOUND');
  return profile;
}

export async function follow({ db, viewer, targetId }: Args): Promise<FollowState> {
  return db.transaction(async (tx) => {
    const profile = await target(tx, viewer, targetId, 'follow');
    if (profile.isBlocked) throw new AppError('USER_NOT_FOUND');
    if (await isBlockedEitherWay(tx, viewer.id, targetId)) throw new AppError('USER_BLOCKED');
    if (await q.insertFollow(tx, viewer.id, targetId)) {
      await notifyUser(tx, { to: targetId, actorId: viewer.id, type: 'follow' });
    }
    return { following: true, followersCount: await q.followersCount(tx, targetId) };
  });
}

export async function unfollow({ db, viewer, targetId }: Args): Promise<FollowState> {
  await target(db, viewer, targetId, 'unfollow');
  await q.deleteFollow(db, viewer.id, targetId);
  return { following: false, followersCount: await q.followersCount(db, targetId) };
}

/** Blocking ends follows both ways and clears the notifications between the two. */
export async function block({ db, viewer, targetId }: Args): Promise<BlockState> {
  await db.transaction(async (tx) => {
    await target(tx, viewer, targetId, 'block');
    await q.insertBlock(tx, viewer.id, targetId);
    await q.deleteFollowsBetween(tx, viewer.id, targetId);
    await forgetNotificationsBetween(tx, viewer.id, targetId);
  });
  return { blocked: true };
}

export async function unblock({ db, viewer, targetId }: Args): Promise<BlockState> {
  await target(db, viewer, targetId, 'unblock');
  await q.deleteBlock(db, viewer.id, targetId);
  return { blocked: false };
}

export async function relationship(db: Executor, viewer: Viewer, targetId: string): Promise<Relationship> {
  if (targetId === viewer.id) return { isSelf: true, isFollowing: false, hasBlocked: false };
  const [isFollowing, hasBlocked] = await Promise.all([
    q.isFollowing(db, viewer.id, targetId),
    q.hasBlocked(db, viewer.id, targetId),
  ]);
  return { isSelf: false, isFollowing, hasBlocked };
}

/** True when the user blocked the viewer: then the viewer cannot see them at all. */
export const isBlockedBy = (db: Executor, viewer: Viewer, userId: string): Promise<boolean> =>
  q.hasBlocked(db, userId, viewer.id);
