import type { LikeState, Post, PostPage, ShareState } from '@burti/shared';
import { CLUB_FEED_PAGE_SIZE, FEED_PAGE_SIZE, FOLLOWING_FEED_PAGE_SIZE } from '@burti/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { decodeCursor, decodeSharedCursor, encodeSharedCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { processPostMedia } from '../../lib/media.js';
import { toPage, toPost } from '../../lib/post-rows.js';
import type { Storage, StoredFile } from '../../lib/storage.js';
import type { Viewer } from '../../plugins/auth.js';
import type { AnswerRecorder } from '../../plugins/idempotency.js';
import { wasRemovedByModerator } from '../admin/admin.service.js';
import { completeReferralIfReady } from '../goal/goal.service.js';
import { announceThreadPost, assertCanPostInThread } from '../matches/matches.service.js';
import { notifyMentioned, resolveMentions } from '../mentions/mentions.service.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { storeHashtags } from '../tags/tags.service.js';
import * as q from './posts.queries.js';

type Deps = { db: Db; viewer: Viewer };
type MediaDeps = Deps & { storage: Storage; log: FastifyBaseLogger };

export async function feedPage({ db, viewer, cursor }: Deps & { cursor?: string }): Promise<PostPage> {
  const rows = await q.listPosts(db, { viewerId: viewer.id, cursor: decodeCursor(cursor), limit: FEED_PAGE_SIZE + 1 });
  return toPage(rows, FEED_PAGE_SIZE);
}

/** Posts and shares of the fans the viewer follows, newest first (see followingTimelineQuery). */
export async function followingPage({ db, viewer, cursor }: Deps & { cursor?: string }): Promise<PostPage> {
  const limit = FOLLOWING_FEED_PAGE_SIZE;
  const { rows, missing } = await q.listFollowingFeed(db, {
    viewerId: viewer.id,
    cursor: decodeSharedCursor(cursor),
    limit: limit + 1,
  });
  // The first read builds the viewer's timeline (this page was merged); later ones walk it.
  if (missing) await q.buildFollowingTimeline(db, viewer.id);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    posts: page.map(toPost),
    nextCursor:
      rows.length > limit && last ? encodeSharedCursor({ at: last.cursor_at, id: last.id, by: last.cursor_by }) : null,
  };
}

export async function clubPage({
  db,
  viewer,
  clubId,
  cursor,
}: Deps & { clubId: number; cursor?: string }): Promise<PostPage> {
  const rows = await q.listPosts(db, {
    viewerId: viewer.id,
    clubId,
    cursor: decodeCursor(cursor),
    limit: CLUB_FEED_PAGE_SIZE + 1,
  });
  return toPage(rows, CLUB_FEED_PAGE_SIZE);
}

export async function userPage({
  db,
  viewer,
  userId,
  cursor,
}: Deps & { userId: string; cursor?: string }): Promise<PostPage> {
  const rows = await q.listUserTimeline(db, {
    viewerId: viewer.id,
    userId,
    cursor: decodeCursor(cursor),
    limit: CLUB_FEED_PAGE_SIZE + 1,
  });
  return toPage(rows, CLUB_FEED_PAGE_SIZE);
}

export async function getPost({ db, viewer, postId }: { db: Executor; viewer: Viewer; postId: string }): Promise<Post> {
  const row = await q.findPostView(db, viewer.id, postId);
  if (row) return toPost(row);
  const post = await q.findPost(db, postId);
  if (post?.deletedAt) {
    throw new AppError((await wasRemovedByModerator(db, postId)) ? 'POST_REMOVED_BY_MODERATOR' : 'POST_DELETED');
  }
  throw new AppError('POST_NOT_FOUND');
}

/** A stored post file: the photo or video, and a photo's feed copy when it has one. */
type StoredMedia = StoredFile & {
  type: 'photo' | 'video';
  width: number | null;
  height: number | null;
  feed: StoredFile | null;
  /** A video's first frame (JPEG), stored beside it. */
  poster: StoredFile | null;
};

async function storeMedia(
  storage: Storage,
  log: FastifyBaseLogger,
  viewer: Viewer,
  file: Buffer | undefined,
): Promise<StoredMedia | null> {
  if (!file) return null;
  const media = await processPostMedia(file);
  const put = (body: Buffer) =>
    storage.put({ bucket: 'posts_media', userId: viewer.id, ext: media.ext, body, contentType: media.contentType });
  const stored = await put(media.body);
  let feed: StoredFile | null = null;
  let poster: StoredFile | null = null;
  try {
    feed = media.feed ? await put(media.feed.body) : null;
    poster = media.poster
      ? await storage.put({
          bucket: 'posts_media',
          userId: viewer.id,
          ext: 'jpg',
          body: media.poster,
          contentType: 'image/jpeg',
        })
      : null;
  } catch (error) {
    await removeQuietly(storage, log, stored.path, feed?.path);
    throw error;
  }
  return { ...stored, type: media.type, width: media.width ?? null, height: media.height ?? null, feed, poster };
}

/** The post columns of stored media (or of none). */
function mediaColumns(media: StoredMedia | null) {
  return {
    mediaUrl: media?.url ?? null,
    mediaPath: media?.path ?? null,
    mediaType: media?.type ?? null,
    mediaWidth: media?.width ?? null,
    mediaHeight: media?.height ?? null,
    mediaFeedUrl: media?.feed?.url ?? null,
    mediaFeedPath: media?.feed?.path ?? null,
    mediaPosterUrl: media?.poster?.url ?? null,
    mediaPosterPath: media?.poster?.path ?? null,
  };
}

async function removeQuietly(storage: Storage, log: FastifyBaseLogger, ...paths: (string | null | undefined)[]) {
  for (const path of paths) {
    if (!path) continue;
    await storage.remove(path).catch((err: unknown) => log.warn({ err, path }, 'could not remove a media file'));
  }
}

export async function createPost({
  db,
  viewer,
  storage,
  log,
  text,
  file,
  matchId,
  answer,
}: MediaDeps & { text: string | null; file?: Buffer; matchId?: string; answer?: AnswerRecorder<Post> }): Promise<Post> {
  const clubId = await q.primaryClubOf(db, viewer.id);
  if (clubId === null) throw new AppError('CLUB_REQUIRED');
  if (!text && !file) throw new AppError('POST_EMPTY');
  // A post to a match's thread: the viewer's club plays in it and the thread is open (decision 022).
  if (matchId !== undefined) await assertCanPostInThread(db, viewer, matchId);
  const media = await storeMedia(storage, log, viewer, file);
  try {
    return await db.transaction(async (tx) => {
      const mentions = await resolveMentions(tx, text);
      const { id, createdAt } = await q.insertPost(tx, {
        authorId: viewer.id,
        clubId,
        text,
        mentions,
        matchId: matchId ?? null,
        ...mediaColumns(media),
      });
      if (matchId !== undefined) await announceThreadPost(tx, { matchId, postId: id, clubId });
      await storeHashtags(tx, { id, clubId, createdAt }, text);
      await notifyMentioned(tx, { actorId: viewer.id, mentions, postId: id });
      await completeReferralIfReady(tx, viewer.id);
      const post = await getPost({ db: tx, viewer, postId: id });
      await answer?.(tx, post);
      return post;
    });
  } catch (error) {
    await removeQuietly(storage, log, media?.path, media?.feed?.path, media?.poster?.path);
    throw error;
  }
}

export async function editPost({
  db,
  viewer,
  storage,
  log,
  postId,
  text,
  file,
  removeMedia,
  answer,
}: MediaDeps & {
  postId: string;
  text?: string | null;
  file?: Buffer;
  removeMedia: boolean;
  answer?: AnswerRecorder<Post>;
}): Promise<Post> {
  const existing = await q.findPost(db, postId);
  if (!existing) throw new AppError('POST_NOT_FOUND');
  if (existing.deletedAt) throw new AppError('POST_DELETED');
  if (existing.authorId !== viewer.id) throw new AppError('FORBIDDEN', "You don't have permission to edit this post");

  const media = await storeMedia(storage, log, viewer, file);
  let replacedPaths: (string | null)[] = [];
  let edited: Post;
  try {
    edited = await db.transaction(async (tx) => {
      const post = await q.findPost(tx, postId, true);
      if (!post || post.deletedAt) throw new AppError('POST_DELETED');
      const nextText = text === undefined ? post.text : text;
      const dropMedia = removeMedia || media !== null;
      const nextMediaUrl = media ? media.url : dropMedia ? null : post.mediaUrl;
      if (!nextText && !nextMediaUrl) throw new AppError('POST_EMPTY');
      await q.saveRevision(tx, post);
      const mentions = await resolveMentions(tx, nextText);
      await q.updatePost(tx, postId, {
        text: nextText,
        mentions,
        ...(dropMedia ? mediaColumns(media) : {}),
        editedAt: new Date(),
      });
      await storeHashtags(tx, post, nextText);
      // A fan mentioned before the edit is not told again: a mention notifies once per post.
      await notifyMentioned(tx, { actorId: viewer.id, mentions, postId });
      if (dropMedia) replacedPaths = [post.mediaPath, post.mediaFeedPath, post.mediaPosterPath];
      const view = await getPost({ db: tx, viewer, postId });
      await answer?.(tx, view);
      return view;
    });
  } catch (error) {
    await removeQuietly(storage, log, media?.path, media?.feed?.path, media?.poster?.path);
    throw error;
  }
  await removeQuietly(storage, log, ...replacedPaths);
  return edited;
}

/** Soft delete: the stored file goes first, then the post leaves every list. */
export async function deletePost({ db, viewer, storage, log, postId }: MediaDeps & { postId: string }): Promise<void> {
  const post = await q.findPost(db, postId);
  if (!post) throw new AppError('POST_NOT_FOUND');
  if (post.deletedAt) throw new AppError('POST_DELETED');
  if (post.authorId !== viewer.id) throw new AppError('FORBIDDEN', "You don't have permission to delete this post");
  await removeQuietly(storage, log, post.mediaPath, post.mediaFeedPath, post.mediaPosterPath);
  await q.updatePost(db, postId, { deletedAt: new Date(), ...mediaColumns(null) });
}

/**
 * The fan's reaction as `q.react` answered it, refused unless the post is live and the viewer may react to it: it
 * exists, is not deleted, its author is not blocked by an administrator (that hides the post entirely), and
 * neither side has blocked the other. The statement changed nothing in those cases.
 */
function refuseReaction(target: q.InteractionTarget | null, viewer: Viewer): asserts target is q.InteractionTarget {
  if (!target || target.author_blocked) throw new AppError('POST_NOT_FOUND');
  if (target.deleted) throw new AppError('POST_DELETED');
  if (target.author_id !== viewer.id && target.blocked) throw new AppError('USER_BLOCKED');
}

/**
 * Adds or removes the viewer's like or share; the first like or share of a post notifies its author. Removing is
 * the reaction statement alone; adding is a transaction with the notification. The counts come back with the
 * reaction statement (reactionCounts).
 */
async function setReaction(
  db: Db,
  viewer: Viewer,
  postId: string,
  kind: 'like' | 'share',
  on: boolean,
): Promise<{ likesCount: number; sharesCount: number }> {
  if (!on) {
    const target = await q.react(db, { kind, on, viewerId: viewer.id, postId });
    refuseReaction(target, viewer);
    return q.reactionCounts(target, kind, on);
  }
  return db.transaction(async (tx) => {
    const target = await q.react(tx, { kind, on, viewerId: viewer.id, postId });
    refuseReaction(target, viewer);
    if (target.changed) {
      // The block was just checked under the same lock: notifyUser need not check it again.
      await notifyUser(tx, { to: target.author_id, actorId: viewer.id, type: kind, postId, notBlocked: true });
      if (kind === 'like' && target.referral_pending) await completeReferralIfReady(tx, viewer.id);
    }
    return q.reactionCounts(target, kind, on);
  });
}

export async function setLike({
  db,
  viewer,
  postId,
  liked,
}: Deps & { postId: string; liked: boolean }): Promise<LikeState> {
  const counts = await setReaction(db, viewer, postId, 'like', liked);
  return { liked, likesCount: counts.likesCount };
}

export async function setShare({
  db,
  viewer,
  postId,
  shared,
}: Deps & { postId: string; shared: boolean }): Promise<ShareState> {
  const counts = await setReaction(db, viewer, postId, 'share', shared);
  return { shared, sharesCount: counts.sharesCount };
}
