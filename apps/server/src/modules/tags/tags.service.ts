import {
  CLUB_FEED_PAGE_SIZE,
  extractHashtags,
  TRENDING_TAGS_LIMIT,
  type PostPage,
  type TrendingResponse,
} from '@burti/shared';
import type { Db, Executor } from '../../db/client.js';
import { decodeCursor } from '../../lib/cursor.js';
import { toPage } from '../../lib/post-rows.js';
import type { Viewer } from '../../plugins/auth.js';
import * as q from './tags.queries.js';

/** Stores a post's hashtags as its text now has them (on create and on every edit). */
export function storeHashtags(
  tx: Executor,
  post: { id: string; clubId: number; createdAt: Date },
  text: string | null | undefined,
): Promise<void> {
  return q.syncPostHashtags(tx, post, extractHashtags(text));
}

export async function tagPage({
  db,
  viewer,
  tag,
  cursor,
}: {
  db: Db;
  viewer: Viewer;
  tag: string;
  cursor?: string;
}): Promise<PostPage> {
  const rows = await q.tagPosts(db, {
    viewerId: viewer.id,
    tag,
    cursor: decodeCursor(cursor),
    limit: CLUB_FEED_PAGE_SIZE + 1,
  });
  return toPage(rows, CLUB_FEED_PAGE_SIZE);
}

export async function trendingTags({ db, clubId }: { db: Db; clubId?: number }): Promise<TrendingResponse> {
  return { tags: await q.trending(db, clubId ?? 0, TRENDING_TAGS_LIMIT) };
}
