import type { LikeState, Post, PostPage, ShareState } from '@burti/shared';
import { CLUB_FEED_PAGE_SIZE, FEED_PAGE_SIZE } from '@burti/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { likes, profiles, shares } from '../../db/schema/index.js';
import { versionedAvatar } from '../../lib/avatar.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { processPostMedia } from '../../lib/media.js';
import type { Storage, StoredFile } from '../../lib/storage.js';
import { isBlockedEitherWay } from '../../lib/visibility.js';
import type { Viewer } from '../../plugins/auth.js';
import { wasRemovedByModerator } from '../admin/admin.queries.js';
import { completeReferralIfReady } from '../goal/goal.service.js';
import { notifyUser } from '../notifications/notifications.service.js';
import * as q from './posts.queries.js';

type Deps = { db: Db; viewer: Viewer };
type MediaDeps = Deps & { storage: Storage; log: FastifyBaseLogger };

const iso = (value: Date | string) => new Date(value).toISOString();

export function toPost(row: q.PostRow): Post {
  return {
    id: row.id,
    author: {
      id: row.author_id,
      nickname: row.author_nickname,
      avatarUrl: versionedAvatar(row.author_avatar_url, row.author_updated_at),
    },
    club: { id: row.club_id, name: row.club_name, country: row.club_country, league: row.club_league },
    text: row.text,
    media:
      row.media_url && row.media_type
        ? { url: row.media_url, type: row.media_type, posterUrl: row.media_poster_url ?? null }
        : null,
    mediaUrls: row.media_urls ?? [],
    likesCount: row.likes_count,
    commentsCount: row.comments_count,
    sharesCount: row.shares_count,
    viewerHasLiked: row.viewer_has_liked,
    viewerHasShared: row.viewer_has_shared,
    createdAt: iso(row.created_at),
    editedAt: row.edited_at ? iso(row.edited_at) : null,
    sharedBy:
      row.shared_by_id && row.shared_by_nickname && row.shared_at
        ? { id: row.shared_by_id, nickname: row.shared_by_nickname, sharedAt: iso(row.shared_at) }
        : null,
  };
}

/** One more row than the page is read, so a next page is announced only when it exists. */
function toPage(rows: q.PostRow[], limit: number): PostPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    posts: page.map(toPost),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

export async function feedPage({ db, viewer, cursor }: Deps & { cursor?: string }): Promise<PostPage> {
  const rows = await q.listPosts(db, { viewerId: viewer.id, cursor: decodeCursor(cursor), limit: FEED_PAGE_SIZE + 1 });
  return toPage(rows, FEED_PAGE_SIZE);
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

export async function getPost({ db, viewer, postId }: Deps & { postId: string }): Promise<Post> {
  const row = await q.findPostView(db, viewer.id, postId);
  if (row) return toPost(row);
  const post = await q.findPost(db, postId);
  if (post?.deletedAt) {
    throw new AppError((await wasRemovedByModerator(db, postId)) ? 'POST_REMOVED_BY_MODERATOR' : 'POST_DELETED');
  }
  throw new AppError('POST_NOT_FOUND');
}

/**
 * A live post the viewer may interact with: it exists, is not deleted, and neither side has blocked the
 * other (an administrator's block of the author hides the post entirely).
 */
async function interactablePost(db: Executor, viewer: Viewer, postId: string) {
  const post = await q.findPost(db, postId);
  if (!post) throw new AppError('POST_NOT_FOUND');
  if (post.deletedAt) throw new AppError('POST_DELETED');
  const [author] = await db
    .select({ isBlocked: profiles.isBlocked })
    .from(profiles)
    .where(eq(profiles.id, post.authorId));
  if (!author || author.isBlocked) throw new AppError('POST_NOT_FOUND');
  if (post.authorId !== viewer.id && (await isBlockedEitherWay(db, viewer.id, post.authorId))) {
    throw new AppError('USER_BLOCKED');
  }
  return post;
}

type StoredMedia = StoredFile & { type: 'photo' | 'video'; poster: StoredFile | null };

/** Stores the processed file, and a video's poster frame beside it (both or neither). */
async function storeMedia(
  storage: Storage,
  log: FastifyBaseLogger,
  viewer: Viewer,
  file: Buffer | undefined,
): Promise<StoredMedia | null> {
  if (!file) return null;
  const media = await processPostMedia(file);
  const stored = await storage.put({
    bucket: 'posts_media',
    userId: viewer.id,
    ext: media.ext,
    body: media.body,
    contentType: media.contentType,
  });
  if (!media.poster) return { ...stored, type: media.type, poster: null };
  try {
    const poster = await storage.put({
      bucket: 'posts_media',
      userId: viewer.id,
      ext: 'jpg',
      body: media.poster,
      contentType: 'image/jpeg',
    });
    return { ...stored, type: media.type, poster };
  } catch (error) {
    await removeQuietly(storage, log, stored.path);
    throw error;
  }
}

async function removeMediaQuietly(storage: Storage, log: FastifyBaseLogger, media: StoredMedia | null) {
  await removeQuietly(storage, log, media?.path);
  await removeQuietly(storage, log, media?.poster?.path);
}

async function removeQuietly(storage: Storage, log: FastifyBaseLogger, path: string | null | undefined) {
  if (!path) return;
  await storage.remove(path).catch((err: unknown) => log.warn({ err, path }, 'could not remove a media file'));
}

export async function createPost({
  db,
  viewer,
  storage,
  log,
  text,
  file,
}: MediaDeps & { text: string | null; file?: Buffer }): Promise<Post> {
  const [profile] = await db
    .select({ clubId: profiles.primaryClubId })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  if (!profile?.clubId) throw new AppError('CLUB_REQUIRED');
  if (!text && !file) throw new AppError('POST_EMPTY');
  const media = await storeMedia(storage, log, viewer, file);
  try {
    const postId = await db.transaction(async (tx) => {
      const id = await q.insertPost(tx, {
        authorId: viewer.id,
        clubId: profile.clubId!,
        text,
        mediaUrl: media?.url ?? null,
        mediaPath: media?.path ?? null,
        mediaType: media?.type ?? null,
        mediaPosterUrl: media?.poster?.url ?? null,
        mediaPosterPath: media?.poster?.path ?? null,
      });
      await completeReferralIfReady(tx, viewer.id);
      return id;
    });
    return await getPost({ db, viewer, postId });
  } catch (error) {
    await removeMediaQuietly(storage, log, media);
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
}: MediaDeps & { postId: string; text?: string | null; file?: Buffer; removeMedia: boolean }): Promise<Post> {
  const existing = await q.findPost(db, postId);
  if (!existing) throw new AppError('POST_NOT_FOUND');
  if (existing.deletedAt) throw new AppError('POST_DELETED');
  if (existing.authorId !== viewer.id) throw new AppError('FORBIDDEN', "You don't have permission to edit this post");

  const media = await storeMedia(storage, log, viewer, file);
  let replacedPaths: (string | null)[] = [];
  try {
    await db.transaction(async (tx) => {
      const post = await q.findPost(tx, postId, true);
      if (!post || post.deletedAt) throw new AppError('POST_DELETED');
      const nextText = text === undefined ? post.text : text;
      const dropMedia = removeMedia || media !== null;
      const nextMediaUrl = media ? media.url : dropMedia ? null : post.mediaUrl;
      if (!nextText && !nextMediaUrl) throw new AppError('POST_EMPTY');
      await q.saveRevision(tx, post);
      await q.updatePost(tx, postId, {
        text: nextText,
        mediaUrl: nextMediaUrl,
        mediaPath: media ? media.path : dropMedia ? null : post.mediaPath,
        mediaType: media ? media.type : dropMedia ? null : post.mediaType,
        mediaPosterUrl: media ? (media.poster?.url ?? null) : dropMedia ? null : post.mediaPosterUrl,
        mediaPosterPath: media ? (media.poster?.path ?? null) : dropMedia ? null : post.mediaPosterPath,
        editedAt: new Date(),
      });
      if (dropMedia) replacedPaths = [post.mediaPath, post.mediaPosterPath];
    });
  } catch (error) {
    await removeMediaQuietly(storage, log, media);
    throw error;
  }
  for (const path of replacedPaths) await removeQuietly(storage, log, path);
  return getPost({ db, viewer, postId });
}

/** Soft delete: the stored file goes first, then the post leaves every list. */
export async function deletePost({ db, viewer, storage, log, postId }: MediaDeps & { postId: string }): Promise<void> {
  const post = await q.findPost(db, postId);
  if (!post) throw new AppError('POST_NOT_FOUND');
  if (post.deletedAt) throw new AppError('POST_DELETED');
  if (post.authorId !== viewer.id) throw new AppError('FORBIDDEN', "You don't have permission to delete this post");
  await removeQuietly(storage, log, post.mediaPath);
  await removeQuietly(storage, log, post.mediaPosterPath);
  await q.updatePost(db, postId, {
    deletedAt: new Date(),
    mediaUrl: null,
    mediaPath: null,
    mediaType: null,
    mediaPosterUrl: null,
    mediaPosterPath: null,
  });
}

export async function setLike({
  db,
  viewer,
  postId,
  liked,
}: Deps & { postId: string; liked: boolean }): Promise<LikeState> {
  return db.transaction(async (tx) => {
    const post = await interactablePost(tx, viewer, postId);
    if (liked) {
      if (await q.addReaction(tx, likes, postId, viewer.id)) {
        await notifyUser(tx, { to: post.authorId, actorId: viewer.id, type: 'like', postId });
        await completeReferralIfReady(tx, viewer.id);
      }
    } else {
      await q.removeReaction(tx, likes, postId, viewer.id);
    }
    const counts = await q.postCounts(tx, postId);
    return { liked, likesCount: counts.likesCount };
  });
}

export async function setShare({
  db,
  viewer,
  postId,
  shared,
}: Deps & { postId: string; shared: boolean }): Promise<ShareState> {
  return db.transaction(async (tx) => {
    const post = await interactablePost(tx, viewer, postId);
    if (shared) {
      if (await q.addReaction(tx, shares, postId, viewer.id)) {
        await notifyUser(tx, { to: post.authorId, actorId: viewer.id, type: 'share', postId });
      }
    } else {
      await q.removeReaction(tx, shares, postId, viewer.id);
    }
    const counts = await q.postCounts(tx, postId);
    return { shared, sharesCount: counts.sharesCount };
  });
}
