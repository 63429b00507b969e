import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type Executor, rowLimit } from '../../db/client.js';
import type { Cursor } from '../../lib/cursor.js';
import { visibleAuthor } from '../../lib/visibility.js';
import { cursorText, cursorTime, postColumns, type PostRow } from '../../lib/post-rows.js';

/**
 * Makes a post's stored tags the given ones: removed tags go, new ones come (the trigger on post_hashtags keeps
 * the hourly trending counters in step, in this transaction).
 */
export async function syncPostHashtags(
  db: Executor,
  post: { id: string; clubId: number; createdAt: Date },
  tags: string[],
): Promise<void> {
  const list = sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  );
  await db.execute(
    sql`delete from post_hashtags where post_id = ${post.id} ${tags.length ? sql`and tag not in (${list})` : sql``}`,
  );
  if (!tags.length) return;
  await db.execute(
    sql`insert into post_hashtags (post_id, tag, club_id, created_at)
      values ${sql.join(
        tags.map((tag) => sql`(${post.id}, ${tag}, ${post.clubId}, ${post.createdAt.toISOString()}::timestamptz)`),
        sql`, `,
      )}
      on conflict do nothing`,
  );
}

/** Live posts with a tag, newest first: a keyset walk of post_hashtags_tag_idx. */
export function tagPostsQuery(args: { viewerId: string; tag: string; cursor: Cursor | null; limit: number }): SQL {
  const { viewerId, tag, cursor, limit } = args;
  return sql`select ${postColumns(viewerId)}, null as shared_by_id, null as shared_by_nickname, null as shared_at,
        ${cursorText(sql`h.created_at`)} as cursor_at
      from post_hashtags h
      join posts p on p.id = h.post_id
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      where h.tag = ${tag} and p.deleted_at is null and p.visibility = 'public'
        and ${visibleAuthor(viewerId, sql`a`)}
        ${cursor ? sql`and (h.created_at, h.post_id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by h.created_at desc, h.post_id desc
      limit ${rowLimit(limit)}`;
}

export function tagPosts(db: Executor, args: { viewerId: string; tag: string; cursor: Cursor | null; limit: number }) {
  return queryPrepared<PostRow>(db, tagPostsQuery(args));
}

/** The tags most used in the last 24 hours, in a club or overall (scope 0): at most 25 hourly buckets. */
export function trendingQuery(scope: number, limit: number): SQL {
  return sql`select tag, sum(uses)::int as uses from hashtag_hourly
      where scope = ${scope} and hour > date_trunc('hour', now()) - interval '24 hours'
      group by tag having sum(uses) > 0
      order by uses desc, tag
      limit ${rowLimit(limit)}`;
}

export function trending(db: Executor, scope: number, limit: number) {
  return queryPrepared<{ tag: string; uses: number }>(db, trendingQuery(scope, limit));
}
