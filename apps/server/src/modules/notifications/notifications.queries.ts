import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type Executor } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { visibleAuthor } from '../../lib/visibility.js';

export type NotificationRow = {
  id: string;
  type: string;
  post_id: string | null;
  comment_id: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
  actor_id: string | null;
  actor_nickname: string | null;
  actor_avatar_url: string | null;
  actor_updated_at: Date | string | null;
};

const columns = sql`n.id, n.type, n.post_id, n.comment_id, n.created_at, n.read_at,
  a.id as actor_id, a.nickname as actor_nickname, a.avatar_url as actor_avatar_url, a.updated_at as actor_updated_at`;

export function listNotificationsQuery(userId: string, limit: number): SQL {
  return sql`select ${columns} from notifications n left join profiles a on a.id = n.actor_id
      where n.user_id = ${userId} and (n.actor_id is null or ${visibleAuthor(userId, sql`a`)})
      order by n.created_at desc, n.id desc limit ${limit}`;
}

export function listNotifications(db: Executor, userId: string, limit: number) {
  return queryPrepared<NotificationRow>(db, listNotificationsQuery(userId, limit));
}

export const unreadCountQuery = (userId: string): SQL =>
  sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`;

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await queryPrepared<{ n: number }>(db, unreadCountQuery(userId));
  return row?.n ?? 0;
}

/**
 * Records a notification and reads back, in the same statement, what its live event carries: the row with its
 * actor, and the recipient's unread count including it. Null when it already existed (liked, unliked, liked again).
 */
type NewNotification = {
  userId: string;
  actorId: string;
  type: string;
  postId: string | null;
  commentId: string | null;
  dedupeKey: string | null;
};

export function insertNotificationViewQuery(values: NewNotification): SQL {
  return sql`with n as (
        insert into notifications (user_id, actor_id, type, post_id, comment_id, dedupe_key)
        values (${values.userId}, ${values.actorId}, ${values.type}, ${values.postId}, ${values.commentId}, ${values.dedupeKey})
        on conflict do nothing
        returning *
      )
      select ${columns},
        -- The statement's snapshot does not see its own insert: the new row is the one more unread.
        (select count(*)::int from notifications u where u.user_id = n.user_id and u.read_at is null) + 1 as unread_count
      from n left join profiles a on a.id = n.actor_id`;
}

export async function insertNotificationView(
  db: Executor,
  values: NewNotification,
): Promise<(NotificationRow & { unread_count: number }) | null> {
  const [row] = await queryPrepared<NotificationRow & { unread_count: number }>(db, insertNotificationViewQuery(values));
  return row ?? null;
}

export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** After a block neither sees the other's notifications. */
export async function deleteBetween(db: Executor, a: string, b: string): Promise<void> {
  await db.execute(
    sql`delete from notifications where (user_id = ${a} and actor_id = ${b}) or (user_id = ${b} and actor_id = ${a})`,
  );
}
