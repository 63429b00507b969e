import {
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentPage,
  type CommentResponse,
  type DeleteCommentResponse,
  type LikeState,
} from '@burti/shared';
import type { Db, Executor } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { isBlockedEitherWay } from '../../lib/visibility.js';
import type { Viewer } from '../../plugins/auth.js';
import type { AnswerRecorder } from '../../plugins/idempotency.js';
import { completeReferralIfReady } from '../goal/goal.service.js';
import { notifyMentioned, resolveMentions } from '../mentions/mentions.service.js';
import { notifyUser } from '../notifications/notifications.service.js';
import * as q from './comments.queries.js';

type Deps = { db: Db; viewer: Viewer };

function toComment(row: q.CommentRow): Comment {
  return {
    id: row.id,
    postId: row.post_id,
    parentCommentId: row.parent_comment_id,
    body: row.body,
    mentions: row.mentions ?? [],
    replyCount: row.reply_count,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deleted: row.is_deleted,
    likesCount: row.likes_count,
    liked: row.liked,
    author: {
      id: row.author_id,
      nickname: row.author_nickname,
      avatarUrl: row.author_avatar_url,
    },
  };
}

function toPage(rows: q.CommentRow[]): CommentPage {
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    comments: page.map(toComment),
    nextCursor: rows.length > COMMENTS_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/**
 * The thread's post, when it is live and its author is visible to the viewer. Reading a thread the viewer may not
 * see finds nothing; writing to one is refused outright.
 */
async function visiblePost(
  db: Executor,
  viewer: Viewer,
  target: { postId: string } | { commentId: string },
  forWrite = false,
) {
  const post = await q.findThreadAccess(db, viewer.id, target);
  refuseHiddenThread(post, { byComment: 'commentId' in target, forWrite });
  return { id: post.post_id, authorId: post.author_id };
}

/** Throws the answer for a thread that is missing, removed, or hidden from the viewer by a block. */
function refuseHiddenThread<T extends Pick<q.ThreadAccess, 'deleted' | 'author_blocked' | 'blocked'>>(
  thread: T | undefined | null,
  { byComment, forWrite }: { byComment: boolean; forWrite: boolean },
): asserts thread is T {
  if (!thread) throw new AppError(byComment ? 'COMMENT_NOT_FOUND' : 'POST_NOT_FOUND');
  if (thread.author_blocked) throw new AppError('POST_NOT_FOUND');
  if (thread.deleted) throw new AppError('POST_DELETED');
  if (thread.blocked) throw new AppError(forWrite ? 'USER_BLOCKED' : 'POST_NOT_FOUND');
}

export async function rootComments({ db, viewer, postId, cursor }: Deps & { postId: string; cursor?: string }) {
  const page = await threadPage(db, viewer, { postId }, cursor);
  // The first page says how many comments are hidden from the viewer, so "Comments (n)" counts what they see.
  return cursor ? page : { ...page, hiddenCount: await q.hiddenCommentsOf(db, viewer.id, postId) };
}

export async function replies({ db, viewer, commentId, cursor }: Deps & { commentId: string; cursor?: string }) {
  return threadPage(db, viewer, { commentId }, cursor);
}

/** A page of a thread the viewer may read, with its access checked in the same round trip (threadPageQuery). */
async function threadPage(
  db: Executor,
  viewer: Viewer,
  target: { postId: string } | { commentId: string },
  cursor: string | undefined,
): Promise<CommentPage> {
  const byComment = 'commentId' in target;
  const rows = await q.listThreadPage(db, {
    viewerId: viewer.id,
    ...(byComment ? { parentId: target.commentId } : { postId: target.postId }),
    cursor: decodeCursor(cursor),
    limit: COMMENTS_PAGE_SIZE + 1,
  });
  refuseHiddenThread(rows[0], { byComment, forWrite: false });
  return toPage(rows.filter((row): row is q.ThreadPageRow & q.CommentRow => row.id !== null));
}

/** Adds a comment, or a reply: replies stay one level deep, so a reply to a reply joins its root's thread. */
export async function addComment({
  db,
  viewer,
  postId,
  body,
  parentCommentId,
  answer,
}: Deps & {
  postId: string;
  body: string;
  parentCommentId?: string | null;
  answer?: AnswerRecorder<CommentResponse>;
}): Promise<CommentResponse> {
  return db.transaction(async (tx) => {
    const post = await visiblePost(tx, viewer, { postId }, true);
    let rootId: string | null = null;
    let parentAuthorId: string | null = null;
    if (parentCommentId) {
      const parent = await q.findComment(tx, parentCommentId);
      if (!parent || parent.postId !== postId) throw new AppError('COMMENT_NOT_FOUND');
      if (parent.authorId !== viewer.id && (await isBlockedEitherWay(tx, viewer.id, parent.authorId))) {
        throw new AppError('USER_BLOCKED');
      }
      rootId = parent.parentCommentId ?? parent.id;
      parentAuthorId = parent.authorId;
    }
    const mentions = await resolveMentions(tx, body);
    const id = await q.insertComment(tx, { postId, authorId: viewer.id, body, parentCommentId: rootId, mentions });
    await completeReferralIfReady(tx, viewer.id);
    const about = { actorId: viewer.id, postId, commentId: id };
    const told = [post.authorId];
    if (parentAuthorId) {
      await notifyUser(tx, { ...about, to: parentAuthorId, type: 'reply' });
      told.push(parentAuthorId);
      // The post's author hears of replies in their thread unless the reply already went to them.
      if (post.authorId !== parentAuthorId)
        await notifyUser(tx, { ...about, to: post.authorId, type: 'reply_on_post' });
    } else {
      await notifyUser(tx, { ...about, to: post.authorId, type: 'comment' });
    }
    await notifyMentioned(tx, { ...about, mentions, alreadyTold: told });
    const row = await q.findCommentView(tx, viewer.id, id);
    const created = { comment: toComment(row!), commentsCount: await q.commentsCountOf(tx, postId) };
    await answer?.(tx, created);
    return created;
  });
}

/**
 * The viewer's own live comment, locked after its post (the lock order of every writer), in a thread the viewer
 * may still write to. Another fan's comment is FORBIDDEN; a deleted one is not found.
 */
async function ownComment(tx: Executor, viewer: Viewer, commentId: string) {
  await q.lockPostOf(tx, commentId);
  const comment = await q.lockComment(tx, commentId);
  if (!comment || comment.deletedAt) throw new AppError('COMMENT_NOT_FOUND');
  await visiblePost(tx, viewer, { commentId }, true);
  if (comment.authorId !== viewer.id) throw new AppError('FORBIDDEN');
  return comment;
}

/** Changes the text of one's own comment (the same rules as writing it); newly mentioned fans are told. */
export async function editComment({
  db,
  viewer,
  commentId,
  body,
}: Deps & { commentId: string; body: string }): Promise<CommentResponse> {
  return db.transaction(async (tx) => {
    const comment = await ownComment(tx, viewer, commentId);
    const mentions = await resolveMentions(tx, body);
    await q.updateCommentBody(tx, commentId, { body, mentions });
    const before = Object.values(comment.mentions ?? {});
    await notifyMentioned(tx, {
      actorId: viewer.id,
      postId: comment.postId,
      commentId,
      mentions,
      alreadyTold: [...before, viewer.id],
    });
    const row = await q.findCommentView(tx, viewer.id, commentId);
    return { comment: toComment(row!), commentsCount: await q.commentsCountOf(tx, comment.postId) };
  });
}

/**
 * Deletes a comment: one with replies stays as a tombstone so its replies keep their thread; any other is removed
 * outright, and a tombstone left without replies by it goes too. Shared by the author's delete and a moderator's
 * removal (`removeCommentAsModerator`), which checks its own rights.
 */
async function deleteLocked(
  tx: Executor,
  viewerId: string,
  comment: NonNullable<Awaited<ReturnType<typeof q.lockComment>>>,
): Promise<DeleteCommentResponse> {
  if (comment.parentCommentId === null && comment.replyCount > 0) {
    await q.tombstoneComment(tx, comment.id);
    const row = await q.findCommentView(tx, viewerId, comment.id);
    return { comment: row ? toComment(row) : null, commentsCount: await q.commentsCountOf(tx, comment.postId) };
  }
  await q.deleteCommentRow(tx, comment.id);
  if (comment.parentCommentId) {
    const parent = await q.lockComment(tx, comment.parentCommentId);
    if (parent?.deletedAt && parent.replyCount === 0) await q.deleteCommentRow(tx, parent.id);
  }
  return { comment: null, commentsCount: await q.commentsCountOf(tx, comment.postId) };
}

export async function deleteComment({
  db,
  viewer,
  commentId,
}: Deps & { commentId: string }): Promise<DeleteCommentResponse> {
  return db.transaction(async (tx) => deleteLocked(tx, viewer.id, await ownComment(tx, viewer, commentId)));
}

/**
 * A moderator's removal of any live comment (modules/admin, which checks the administrator and writes the audit
 * log). Answers what the comment was, for the log.
 */
export async function removeCommentAsModerator(
  tx: Executor,
  moderatorId: string,
  commentId: string,
): Promise<{ postId: string; authorId: string; body: string } | null> {
  await q.lockPostOf(tx, commentId);
  const comment = await q.lockComment(tx, commentId);
  if (!comment || comment.deletedAt) return null;
  await deleteLocked(tx, moderatorId, comment);
  return { postId: comment.postId, authorId: comment.authorId, body: comment.body };
}

/** Likes or unlikes a live comment in a thread the viewer may write to; the count is kept by a trigger (0103). */
export async function setCommentLike({
  db,
  viewer,
  commentId,
  liked,
}: Deps & { commentId: string; liked: boolean }): Promise<LikeState> {
  return db.transaction(async (tx) => {
    const comment = await q.findComment(tx, commentId);
    if (!comment || comment.deletedAt) throw new AppError('COMMENT_NOT_FOUND');
    await visiblePost(tx, viewer, { commentId }, true);
    if (comment.authorId !== viewer.id && (await isBlockedEitherWay(tx, viewer.id, comment.authorId))) {
      throw new AppError('USER_BLOCKED');
    }
    if (liked) await q.insertCommentLike(tx, commentId, viewer.id);
    else await q.deleteCommentLike(tx, commentId, viewer.id);
    const state = await q.commentLikeState(tx, commentId, viewer.id);
    if (!state) throw new AppError('COMMENT_NOT_FOUND');
    return state;
  });
}
