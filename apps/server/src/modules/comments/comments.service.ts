import { COMMENTS_PAGE_SIZE, type Comment, type CommentPage, type CommentResponse } from '@burti/shared';
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
  return threadPage(db, viewer, { postId }, cursor);
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
