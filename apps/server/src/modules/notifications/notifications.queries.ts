import { and, eq, isNull, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor, rowLimit, type Statement, statement } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { versionedAvatarColumn } from '../../lib/avatar.js';
import { isoText } from '../../lib/post-rows.js';
import { visibleAuthor } from '../../lib/visibility.js';

export type NotificationRow = {
  id: string;
  type: string;
  post_id: string | null;
  comment_id: string | null;
  /** ISO text (isoText), like the post lists' times. */
  created_at: string;
  read_at: string | null;
  actor_id: string | null;
  actor_nickname: string | null;
  /** Versioned (versionedAvatarColumn). */
  actor_avatar_url: string | null;
  actor_count: number;
  /** The start of the post's text (live posts only), for the row's preview. */
  post_text: string | null;
};

const columns = sql`n.id, n.type, n.post_id, n.comment_id, ${isoText(sql`n.created_at`)} as created_at,
  ${isoText(sql`n.read_at`)} as read_at, n.actor_count,
  a.id as actor_id, a.nickname as actor_nickname,
  ${versionedAvatarColumn(sql`a.avatar_url`, sql`a.updated_at`)} as actor_avatar_url,
  n.post_text`;

export const unreadCountQuery = (userId: string | Placeholder): SQL =>
  sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`;

/**
 * The newest notifications: one row per notification or group (a group's row moves up when a fan joins it), a
 * walk of notifications_user_idx and each row's actor; the post's preview is in the row (0093). Each row also
 * carries the recipient's unread count (counted once, through notifications_unread_idx): the page and its badge
 * in one round trip.
 */
export function listNotificationsQuery(userId: string, limit: number): Statement {
  return statement(
    `notifications.list:${limit}`,
    { userId },
    (p) =>
      sql`select ${columns}, (${unreadCountQuery(p.userId)}) as unread_count
      from notifications n left join profiles a on a.id = n.actor_id
      where n.user_id = ${p.userId} and (n.actor_id is null or ${visibleAuthor(p.userId, sql`a`)})
      order by n.created_at desc, n.id desc limit ${rowLimit(limit)}`,
  );
}

export function listNotifications(db: Executor, userId: string, limit: number) {
  return queryPrepared<NotificationRow & { unread_count: number }>(db, listNotificationsQuery(userId, limit));
}

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
      select ${columns}
      from n left join profiles a on a.id = n.actor_id`;
}

type GroupMember = {
  userId: string;
  actorId: string;
  type: string;
  postId: string | null;
  groupKey: string;
  pushIntervalSeconds: number;
};

/**
 * Adds the actor to the group in one statement: starts the group with them, or, when they are new to an existing
 * group, counts them in and brings it to the top, unread, with them as its face. Reads back what the live event
 * carries and whether a push is due (none went out for the group in the last few minutes). Nothing when the actor
 * is already in (liked, unliked, liked again).
 *
 * The group's row gets one new version per join, written under its row lock: fans joining at once queue on it, and
 * each sees the count and push time the one before left. A push is due when this statement set pushed_at to its
 * transaction's time (two transactions begun in the same microsecond would both push once). The recipient's
 * unread count is not read here: its cost grows with their unread rows, and only a recipient with a live stream
 * needs it (the stream reads it, off the writer's transaction).
 */
export function joinGroupQuery(values: GroupMember): Statement {
  return statement('notifications.join-group', values, (p) => {
    const due = sql`(g.pushed_at is null or g.pushed_at < now() - make_interval(secs => ${p.pushIntervalSeconds}))`;
    return sql`with n as (
        insert into notifications as g (user_id, actor_id, type, post_id, dedupe_key, actor_count, pushed_at)
        values (${p.userId}, ${p.actorId}, ${p.type}, ${p.postId}, ${p.groupKey}, 1, now())
        on conflict (dedupe_key) do update
          set actor_id = excluded.actor_id, actor_count = g.actor_count + 1, created_at = now(), read_at = null,
            pushed_at = case when ${due} then now() else g.pushed_at end
          where not exists (
            select from notification_actors m where m.notification_id = g.id and m.actor_id = excluded.actor_id)
        returning *
      ),
      member as (
        insert into notification_actors (notification_id, actor_id) select n.id, n.actor_id from n
        on conflict do nothing
      )
      select ${columns}, n.pushed_at = now() as push_due
      from n left join profiles a on a.id = n.actor_id`;
  });
}

export async function joinGroup(
  db: Executor,
  values: GroupMember,
): Promise<(NotificationRow & { push_due: boolean }) | null> {
  const [row] = await queryPrepared<NotificationRow & { push_due: boolean }>(db, joinGroupQuery(values));
  return row ?? null;
}

export async function insertNotificationView(db: Executor, values: NewNotification): Promise<NotificationRow | null> {
  const [row] = await queryPrepared<NotificationRow>(db, insertNotificationViewQuery(values));
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

/**
 * After a block neither sees the other's notifications: each leaves the other's groups (which then show their
 * latest remaining member, or go when none is left), and the other notifications between them go.
 */
export async function deleteBetween(db: Executor, a: string, b: string): Promise<void> {
  const left = await queryRows<{ id: string }>(
    db,
    sql`delete from notification_actors na using notifications n
      where na.notification_id = n.id and ((n.user_id = ${a} and na.actor_id = ${b}) or (n.user_id = ${b} and na.actor_id = ${a}))
      returning na.notification_id as id`,
  );
  const ids = [...new Set(left.map((row) => row.id))];
  if (ids.length) {
    await db.execute(
      sql`update notifications n set actor_count = m.members, actor_id = m.latest
        from (select notification_id, count(*)::int as members,
                (array_agg(actor_id order by created_at desc))[1] as latest
              from notification_actors where notification_id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})
              group by notification_id) m
        where n.id = m.notification_id`,
    );
  }
  await db.execute(
    sql`delete from notifications where (user_id = ${a} and actor_id = ${b}) or (user_id = ${b} and actor_id = ${a})`,
  );
}
