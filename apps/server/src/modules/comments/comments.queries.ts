import { and, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor, rowLimit, type Statement, statement } from '../../db/client.js';
import { commentLikes, comments, notifications, posts } from '../../db/schema/index.js';
import type { Mention } from '@burti/shared';
import type { Cursor } from '../../lib/cursor.js';
import { versionedAvatarColumn } from '../../lib/avatar.js';
import { cursorAt, cursorText, isoText, mentionsColumn } from '../../lib/post-rows.js';
import { blockedEitherWay, visibleAuthor } from '../../lib/visibility.js';

export type CommentRow = {
  id: string;
  post_id: string;
  parent_comment_id: string | null;
  body: string;
  reply_count: number;
  /** ISO text (isoText). */
  created_at: string;
  author_id: string;
  author_nickname: string;
  /** Versioned (versionedAvatarColumn). */
  author_avatar_url: string | null;
  cursor_at: string;
  mentions: Mention[] | null;
  likes_count: number;
  /** ISO text, or null. */
  edited_at: string | null;
  /** Not `deleted`: a thread page's row has the thread's `deleted` beside the comment's columns. */
  is_deleted: boolean;
  /** The viewer likes it. */
  liked: boolean;
};

/**
 * A comment with its author, as lists and the single view read it: times as text, the avatar versioned, and
 * whether the viewer likes it.
 */
const commentColumns = (viewerId: Placeholder | string) => sql`c.id, c.post_id, c.parent_comment_id, c.body,
      ${mentionsColumn(sql`c.mentions`)} as mentions,
      c.reply_count, ${isoText(sql`c.created_at`)} as created_at, a.id as author_id, a.nickname as author_nickname,
      ${versionedAvatarColumn(sql`a.avatar_url`, sql`a.updated_at`)} as author_avatar_url,
      ${cursorText(sql`c.created_at`)} as cursor_at, c.likes_count,
      ${isoText(sql`c.edited_at`)} as edited_at,
      c.deleted_at is not null as is_deleted,
      exists (select 1 from comment_likes l where l.comment_id = c.id and l.user_id = ${viewerId}) as liked`;

/** A page of a thread with what decides whether the viewer may read it (threadPageQuery). */
export type ThreadPageRow = { [K in keyof CommentRow]: CommentRow[K] | null } & Omit<
  ThreadAccess,
  'post_id' | 'author_id'
>;

/**
 * A page of comments, oldest first (a post's roots, or one comment's replies), and the access check of its thread, in one
 * statement and one round trip: the first row carries the thread's state, and comments come only when the thread
 * may be read (a row whose `id` is null stands for none). No row at all: the post or comment does not exist.
 */
export function threadPageQuery(args: {
  viewerId: string;
  postId?: string;
  parentId?: string;
  cursor: Cursor | null;
  limit: number;
}): Statement {
  const { viewerId, postId, parentId, cursor, limit } = args;
  const replies = !!parentId;
  const key = `comments.thread-page:${replies ? 'replies' : 'roots'}:${cursor ? 'after' : 'first'}:${limit}`;
  const values = { viewerId, scope: parentId ?? postId ?? '', at: cursor?.at, id: cursor?.id };
  // The access row is its own subquery (offset 0): pulled up into the join, its block check ran again for every
  // comment of the page.
  return statement(key, values, (p) => {
    const access = threadAccessSql(p.viewerId, replies ? { commentId: p.scope } : { postId: p.scope });
    return sql`
    select thread.deleted, thread.author_blocked, thread.blocked, item.*
    from (${access} offset 0) thread
    left join lateral (
      select ${commentColumns(p.viewerId)}
      from comments c
      join profiles a on a.id = c.author_id
      where not (thread.deleted or thread.author_blocked or thread.blocked)
        and ${replies ? sql`c.parent_comment_id = ${p.scope}` : sql`c.post_id = ${p.scope} and c.parent_comment_id is null`}
        and ${visibleAuthor(p.viewerId, sql`a`)}
        ${cursor ? sql`and (c.created_at, c.id) > (${cursorAt(p.at)}, ${p.id}::uuid)` : sql``}
      order by c.created_at, c.id
      limit ${rowLimit(limit)}
    ) item on true`;
  });
}

/** Where a comment list or a new comment lands: its post, the post's author and what stands between them. */
export type ThreadAccess = {
  post_id: string;
  author_id: string;
  deleted: boolean;
  author_blocked: boolean;
  /** The viewer and the post's author have blocked each other, one way or the other. */
  blocked: boolean;
};

/**
 * The post of a thread, named directly or through one of its comments, with everything that decides whether the
 * viewer may read or join it, in one statement (a comment list is then two round trips, not four).
 */
export function threadAccessQuery(viewerId: string, target: { postId: string } | { commentId: string }): Statement {
  const byComment = 'commentId' in target;
  const values = { viewerId, target: byComment ? target.commentId : target.postId };
  return statement(`comments.thread-access:${byComment ? 'comment' : 'post'}`, values, (p) =>
    threadAccessSql(p.viewerId, byComment ? { commentId: p.target } : { postId: p.target }),
  );
}

/** The thread-access row (`ThreadAccess`) of a post, or of the post a comment is in. */
function threadAccessSql(viewerId: Placeholder, target: { postId: Placeholder } | { commentId: Placeholder }): SQL {
  const from =
    'commentId' in target
      ? sql`from comments t join posts p on p.id = t.post_id join profiles a on a.id = p.author_id where t.id = ${target.commentId}`
      : sql`from posts p join profiles a on a.id = p.author_id where p.id = ${target.postId}`;
  return sql`select p.id as post_id, p.author_id, p.deleted_at is not null as deleted, a.is_blocked as author_blocked,
      p.author_id <> ${viewerId} and ${blockedEitherWay(viewerId, sql`p.author_id`)} as blocked
    ${from}`;
}

export async function findThreadAccess(
  db: Executor,
  viewerId: string,
  target: { postId: string } | { commentId: string },
): Promise<ThreadAccess | null> {
  const [row] = await queryPrepared<ThreadAccess>(db, threadAccessQuery(viewerId, target));
  return row ?? null;
}

export function listThreadPage(
  db: Executor,
  args: { viewerId: string; postId?: string; parentId?: string; cursor: Cursor | null; limit: number },
): Promise<ThreadPageRow[]> {
  return queryPrepared<ThreadPageRow>(db, threadPageQuery(args));
}

export async function findComment(db: Executor, commentId: string) {
  const [comment] = await db.select().from(comments).where(eq(comments.id, commentId)).limit(1);
  return comment ?? null;
}

export async function insertComment(
  db: Executor,
  values: {
    postId: string;
    authorId: string;
    body: string;
    parentCommentId: string | null;
    mentions: Record<string, string> | null;
  },
): Promise<string> {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

export async function findCommentView(db: Executor, viewerId: string, commentId: string): Promise<CommentRow | null> {
  const [row] = await queryPrepared<CommentRow>(
    db,
    sql`
    select ${commentColumns(viewerId)}
    from comments c join profiles a on a.id = c.author_id
    where c.id = ${commentId} and ${visibleAuthor(viewerId, sql`a`)}`,
  );
  return row ?? null;
}

/** The post's comment count, as its trigger keeps it (read after a comment is written, in its transaction). */
export async function commentsCountOf(db: Executor, postId: string): Promise<number> {
  const [row] = await db.select({ commentsCount: posts.commentsCount }).from(posts).where(eq(posts.id, postId));
  return row?.commentsCount ?? 0;
}

/**
 * How many of the post's comments and replies the viewer cannot see (by fans blocked one way or the other, or
 * blocked by an administrator): the post's count minus this is what its thread shows them.
 */
export async function hiddenCommentsOf(db: Executor, viewerId: string, postId: string): Promise<number> {
  const [row] = await queryRows<{ hidden: number | string }>(
    db,
    sql`select count(*) as hidden from comments c join profiles a on a.id = c.author_id
      where c.post_id = ${postId} and c.deleted_at is null and not (${visibleAuthor(viewerId, sql`a`)})`,
  );
  return Number(row?.hidden ?? 0);
}

/** The comment, locked for a change by its author or a moderator (after its post: see lockPostOf). */
export async function lockComment(db: Executor, commentId: string) {
  const [comment] = await db.select().from(comments).where(eq(comments.id, commentId)).for('update').limit(1);
  return comment ?? null;
}

/**
 * Locks the post of a comment before the comment and its notifications are changed: every writer takes a post's
 * lock before the rows of notifications about it (ARCHITECTURE.md, 0097).
 */
export async function lockPostOf(db: Executor, commentId: string): Promise<string | null> {
  const rows = await queryPrepared<{ id: string }>(
    db,
    sql`select p.id from posts p where p.id = (select post_id from comments where id = ${commentId}) for no key update`,
  );
  return rows[0]?.id ?? null;
}

export async function updateCommentBody(
  db: Executor,
  commentId: string,
  values: { body: string; mentions: Record<string, string> | null },
): Promise<void> {
  await db
    .update(comments)
    .set({ ...values, editedAt: new Date() })
    .where(eq(comments.id, commentId));
}

/** Removes a comment outright: its replies, likes and notifications go with it (foreign keys, counters' triggers). */
export async function deleteCommentRow(db: Executor, commentId: string): Promise<void> {
  await db.delete(comments).where(eq(comments.id, commentId));
}

/**
 * Keeps a comment with replies as a tombstone: no text, no mentions, no likes, and no notifications that would
 * lead to it (the replies' own notifications stay).
 */
export async function tombstoneComment(db: Executor, commentId: string): Promise<void> {
  await db.update(comments).set({ body: '', mentions: null, deletedAt: new Date() }).where(eq(comments.id, commentId));
  await db.delete(commentLikes).where(eq(commentLikes.commentId, commentId));
  await db.delete(notifications).where(eq(notifications.commentId, commentId));
}

/** Likes a comment once; true when this call added the like. */
export async function insertCommentLike(db: Executor, commentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(commentLikes)
    .values({ commentId, userId })
    .onConflictDoNothing()
    .returning({ commentId: commentLikes.commentId });
  return rows.length > 0;
}

export async function deleteCommentLike(db: Executor, commentId: string, userId: string): Promise<void> {
  await db.delete(commentLikes).where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)));
}

export async function commentLikeState(db: Executor, commentId: string, userId: string) {
  const [row] = await queryPrepared<{ likes_count: number; liked: boolean }>(
    db,
    sql`select c.likes_count,
      exists (select 1 from comment_likes l where l.comment_id = c.id and l.user_id = ${userId}) as liked
    from comments c where c.id = ${commentId}`,
  );
  return row ? { liked: row.liked, likesCount: row.likes_count } : null;
}
