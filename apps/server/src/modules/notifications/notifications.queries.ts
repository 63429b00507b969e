import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { visibleTo } from '../../lib/visibility.js';

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

export function listNotifications(db: Executor, userId: string, limit: number) {
  return queryRows<NotificationRow>(
    db,
    sql`select ${columns} from notifications n left join profiles a on a.id = n.actor_id
      where n.user_id = ${userId} and (n.actor_id is null or ${visibleTo(userId, sql`n.actor_id`)})
      order by n.created_at desc, n.id desc limit ${limit}`,
  );
}

export async function findNotificationView(db: Executor, id: string): Promise<NotificationRow | null> {
  const [row] = await queryRows<NotificationRow>(
    db,
    sql`select ${columns} from notifications n left join profiles a on a.id = n.actor_id where n.id = ${id}`,
  );
  return row ?? null;
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function insertNotification(
  db: Executor,
  values: {
    userId: string;
    actorId: string;
    type: string;
    postId?: string | null;
    commentId?: string | null;
    dedupeKey: string | null;
  },
): Promise<string | null> {
  const [row] = await db.insert(notifications).values(values).onConflictDoNothing().returning({ id: notifications.id });
  return row?.id ?? null;
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
