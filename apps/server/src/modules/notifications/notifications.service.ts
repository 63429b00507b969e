import {
  firstLine,
  GROUP_PUSH_INTERVAL_SECONDS,
  NOTIFICATIONS_LIMIT,
  type Notification,
  type NotificationListResponse,
} from '@burti/shared';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { enqueuePush } from '../../lib/push/queue.js';
import { publish } from '../../lib/realtime.js';
import { isBlockedEitherWay } from '../../lib/visibility.js';
import type { Viewer } from '../../plugins/auth.js';
import * as q from './notifications.queries.js';

export type NotificationKind = 'like' | 'comment' | 'reply' | 'reply_on_post' | 'follow' | 'share' | 'mention';

/**
 * Likes and shares of a post, and follows of a (UTC) day, are one row each: a fan joins a group once, however
 * often they toggle. The key names the group.
 */
function groupKey(type: NotificationKind, to: string, postId: string | null | undefined): string | null {
  if (type === 'like' || type === 'share') return `${type}:${to}:${postId ?? ''}`;
  if (type === 'follow') return `follow:${to}:${new Date().toISOString().slice(0, 10)}`;
  return null;
}

/** A mention notifies once per mentioned fan and post (or comment), however often the post is edited. */
function onceKey(type: NotificationKind, to: string, postId?: string | null, commentId?: string | null): string | null {
  if (type !== 'mention') return null;
  return commentId ? `mention:${to}:comment:${commentId}` : `mention:${to}:post:${postId ?? ''}`;
}

export function toNotification(row: q.NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    actorCount: Math.max(1, row.actor_count ?? 1),
    preview: firstLine(row.post_text),
    actor:
      row.actor_id && row.actor_nickname
        ? { id: row.actor_id, nickname: row.actor_nickname, avatarUrl: row.actor_avatar_url }
        : null,
    postId: row.post_id,
    commentId: row.comment_id,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/**
 * Records a notification inside the caller's transaction and announces it to the recipient's live
 * clients when that transaction commits. Never to oneself, never between users who blocked each other.
 */
export async function notifyUser(
  tx: Executor,
  args: {
    to: string;
    actorId: string;
    type: NotificationKind;
    postId?: string | null;
    commentId?: string | null;
    /** The caller has just checked, in this transaction, that neither has blocked the other. */
    notBlocked?: boolean;
  },
): Promise<void> {
  if (args.to === args.actorId) return;
  if (!args.notBlocked && (await isBlockedEitherWay(tx, args.to, args.actorId))) return;
  const key = groupKey(args.type, args.to, args.postId);
  if (key) {
    const row = await q.joinGroup(tx, {
      userId: args.to,
      actorId: args.actorId,
      type: args.type,
      postId: args.postId ?? null,
      groupKey: key,
      pushIntervalSeconds: GROUP_PUSH_INTERVAL_SECONDS,
    });
    if (!row) return;
    // One push per group per few minutes: the fans who join it meanwhile are in the row, not in more pushes.
    if (row.push_due) await enqueuePush(tx, row.id);
    await publish(tx, args.to, { kind: 'notification', notification: toNotification(row) });
    return;
  }
  const row = await q.insertNotificationView(tx, {
    userId: args.to,
    actorId: args.actorId,
    type: args.type,
    postId: args.postId ?? null,
    commentId: args.commentId ?? null,
    dedupeKey: onceKey(args.type, args.to, args.postId, args.commentId),
  });
  if (!row) return;
  await enqueuePush(tx, row.id);
  await publish(tx, args.to, { kind: 'notification', notification: toNotification(row) });
}

export async function listForViewer({ db, viewer }: { db: Db; viewer: Viewer }): Promise<NotificationListResponse> {
  const rows = await q.listNotifications(db, viewer.id, NOTIFICATIONS_LIMIT);
  // An empty page carries no count; unread rows can still exist (from fans an administrator has since blocked).
  const unreadCount = rows[0]?.unread_count ?? (await q.unreadCount(db, viewer.id));
  return { notifications: rows.map(toNotification), unreadCount };
}

export async function readOne({ db, viewer, id }: { db: Db; viewer: Viewer; id: string }): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await q.markRead(tx, viewer.id, id))) throw new AppError('NOT_FOUND', 'Notification not found');
    const unreadCount = await q.unreadCount(tx, viewer.id);
    await publish(tx, viewer.id, { kind: 'unread', unreadCount });
    return unreadCount;
  });
}

export async function readAll({ db, viewer }: { db: Db; viewer: Viewer }): Promise<void> {
  await db.transaction(async (tx) => {
    await q.markAllRead(tx, viewer.id);
    await publish(tx, viewer.id, { kind: 'unread', unreadCount: 0 });
  });
}

export const unreadCountFor = (db: Db, viewer: Viewer) => q.unreadCount(db, viewer.id);

/** After a block neither sees the other's notifications (inside the block's transaction). */
export const forgetNotificationsBetween = (tx: Executor, a: string, b: string): Promise<void> =>
  q.deleteBetween(tx, a, b);
