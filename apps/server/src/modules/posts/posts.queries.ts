import { eq, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type Executor, rowLimit } from '../../db/client.js';
import { postRevisions, posts, profiles } from '../../db/schema/index.js';
import type { Cursor } from '../../lib/cursor.js';
import { cursorText, cursorTime, isoText, postColumns, type PostRow } from '../../lib/post-rows.js';
import { blockedEitherWay, visibleAuthor, visibleTo } from '../../lib/visibility.js';

const rows = (db: Executor, query: SQL) => queryPrepared<PostRow>(db, query);

/** Live public posts newest first, optionally of one club, hiding authors the viewer must not see. */
export function listPostsQuery(args: { viewerId: string; clubId?: number; cursor: Cursor | null; limit: number }): SQL {
  const { viewerId, clubId, cursor, limit } = args;
  // The order and the filters match posts_feed_idx / posts_club_feed_idx, so a page is a short index walk.
  // The club and the cursor are read through `(select …)`: the planner then costs every call's plan as it costs
  // the prepared statement's generic plan, so PostgreSQL settles on that plan after five calls instead of
  // planning each call again for the club's exact share of posts (0.5 of the club feed's 1 ms at M).
  return sql`select ${postColumns(viewerId)}, null as shared_by_id, null as shared_by_nickname, null as shared_at,
        ${cursorText(sql`p.created_at`)} as cursor_at
      from posts p
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      where p.deleted_at is null and p.visibility = 'public'
        ${clubId === undefined ? sql`` : sql`and p.club_id = (select ${clubId}::int)`}
        and ${visibleAuthor(viewerId, sql`a`)}
        ${cursor ? sql`and (p.created_at, p.id) < (select ${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by p.created_at desc, p.id desc
      limit ${rowLimit(limit)}`;
}

export function listPosts(
  db: Executor,
  args: { viewerId: string; clubId?: number; cursor: Cursor | null; limit: number },
): Promise<PostRow[]> {
  return rows(db, listPostsQuery(args));
}

/** A profile's timeline: the user's own live posts and the posts they shared, by the time of each. */
export async function listUserTimeline(
  db: Executor,
  args: { viewerId: string; userId: string; cursor: Cursor | null; limit: number },
): Promise<PostRow[]> {
  const { viewerId, userId, cursor, limit } = args;
  return rows(
    db,
    sql`with items as (
        select p0.id as post_id, p0.created_at as activity_at, null::text as shared_by_id
          from posts p0 where p0.author_id = ${userId} and p0.deleted_at is null
        union all
        select s0.post_id, s0.created_at, s0.user_id from shares s0 where s0.user_id = ${userId}
      )
      select ${postColumns(viewerId)}, i.shared_by_id, sb.nickname as shared_by_nickname,
        case when i.shared_by_id is null then null else ${isoText(sql`i.activity_at`)} end as shared_at,
        ${cursorText(sql`i.activity_at`)} as cursor_at
      from items i
      join posts p on p.id = i.post_id
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      left join profiles sb on sb.id = i.shared_by_id
      where p.deleted_at is null
        and ${visibleTo(viewerId, sql`p.author_id`)}
        and ${visibleTo(viewerId, sql`${userId}`)}
        ${cursor ? sql`and (i.activity_at, i.post_id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by i.activity_at desc, i.post_id desc
      limit ${rowLimit(limit)}`,
  );
}

/** A place in the Following feed: the item's time and post, and who shared it ('' for the post itself). */
export type FollowingCursor = { at: string; id: string; by: string };

/**
 * The Following feed: live posts and shares of the fans the viewer follows, newest first by the time of each
 * (a post at its creation, a share at its sharing), keyed (time, post, sharer) so that pages never repeat or
 * skip an item while new ones arrive. Each followed fan gives at most `limit` of their own posts from their own
 * index (posts_author_feed_idx, index-only: the index holds only live public posts) before the merge, so a page
 * never reads the whole table. Shares cost more to walk: each one must look up its post and that post's author
 * (deleted, hidden by a block or an administrator). So they are walked only back to the horizon, the time of the
 * `limit`-th newest own post: a share older than that cannot make the page, since `limit` newer items are
 * already there. That skips most of the shares' lookups, the larger part of a page's cost at a million posts.
 * Every filter that can drop an item runs inside the walks, before their limits.
 */
export function followingFeedQuery(args: { viewerId: string; cursor: FollowingCursor | null; limit: number }): SQL {
  const { viewerId, cursor, limit } = args;
  const after = (at: SQL, id: SQL, by: SQL) =>
    cursor ? sql`and (${at}, ${id}, ${by}) < (${cursorTime(cursor)}, ${cursor.id}::uuid, ${cursor.by})` : sql``;
  return sql`with followed as (
        select f.following_id as id from follows f
        join profiles fa on fa.id = f.following_id
        where f.follower_id = ${viewerId} and ${visibleAuthor(viewerId, sql`fa`)}
      ),
      own as (
        select i.* from followed, lateral (
          select p0.id as post_id, p0.created_at as activity_at, ''::text as shared_by
          from posts p0
          where p0.author_id = followed.id and p0.deleted_at is null and p0.visibility = 'public'
            ${after(sql`p0.created_at`, sql`p0.id`, sql`''::text`)}
          order by p0.created_at desc, p0.id desc
          limit ${rowLimit(limit)}
        ) i
      ),
      horizon as (
        select coalesce(
          (select activity_at from own order by activity_at desc, post_id desc limit 1 offset ${rowLimit(limit - 1)}),
          '-infinity'
        ) as at
      ),
      items as (
        select * from own
        union all
        select i.* from followed, horizon, lateral (
          select s0.post_id, s0.created_at as activity_at, s0.user_id as shared_by
          from shares s0
          join posts p1 on p1.id = s0.post_id and p1.deleted_at is null and p1.visibility = 'public'
          join profiles a1 on a1.id = p1.author_id
          where s0.user_id = followed.id and s0.created_at >= horizon.at and ${visibleAuthor(viewerId, sql`a1`)}
            ${after(sql`s0.created_at`, sql`s0.post_id`, sql`s0.user_id`)}
          order by s0.created_at desc, s0.post_id desc
          limit ${rowLimit(limit)}
        ) i
      ),
      page as (
        select * from items order by activity_at desc, post_id desc, shared_by desc limit ${rowLimit(limit)}
      )
      select ${postColumns(viewerId)},
        nullif(i.shared_by, '') as shared_by_id, sb.nickname as shared_by_nickname,
        case when i.shared_by = '' then null else ${isoText(sql`i.activity_at`)} end as shared_at,
        i.shared_by as cursor_by,
        ${cursorText(sql`i.activity_at`)} as cursor_at
      from page i
      join posts p on p.id = i.post_id
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      left join profiles sb on sb.id = nullif(i.shared_by, '')
      order by i.activity_at desc, i.post_id desc, i.shared_by desc`;
}

export function listFollowingFeed(
  db: Executor,
  args: { viewerId: string; cursor: FollowingCursor | null; limit: number },
): Promise<(PostRow & { cursor_by: string })[]> {
  return queryPrepared<PostRow & { cursor_by: string }>(db, followingFeedQuery(args));
}

export function findPostViewQuery(viewerId: string, postId: string): SQL {
  return sql`select ${postColumns(viewerId)}, null as shared_by_id, null as shared_by_nickname, null as shared_at,
        ${cursorText(sql`p.created_at`)} as cursor_at
      from posts p
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      where p.id = ${postId} and p.deleted_at is null and ${visibleAuthor(viewerId, sql`a`)}`;
}

export async function findPostView(db: Executor, viewerId: string, postId: string): Promise<PostRow | null> {
  const [row] = await rows(db, findPostViewQuery(viewerId, postId));
  return row ?? null;
}

/** The post row itself (live or deleted), for permission checks; `forUpdate` locks it for the transaction. */
export async function findPost(db: Executor, postId: string, forUpdate = false) {
  const query = db.select().from(posts).where(eq(posts.id, postId)).limit(1);
  const [post] = await (forUpdate ? query.for('update') : query);
  return post ?? null;
}

/** A post's stored files: the photo or video, a photo's feed copy and a video's poster, with the photo's size. */
type MediaColumns = {
  mediaUrl?: string | null;
  mediaPath?: string | null;
  mediaType?: 'photo' | 'video' | null;
  mediaWidth?: number | null;
  mediaHeight?: number | null;
  mediaFeedUrl?: string | null;
  mediaFeedPath?: string | null;
  mediaPosterUrl?: string | null;
  mediaPosterPath?: string | null;
};

export async function insertPost(
  db: Executor,
  values: {
    authorId: string;
    clubId: number;
    text: string | null;
    mentions: Record<string, string> | null;
  } & MediaColumns,
) {
  const [post] = await db.insert(posts).values(values).returning({ id: posts.id, createdAt: posts.createdAt });
  return post!;
}

export async function saveRevision(
  db: Executor,
  post: { id: string; text: string | null; mediaUrl: string | null; mediaType: 'photo' | 'video' | null },
) {
  await db
    .insert(postRevisions)
    .values({ postId: post.id, text: post.text, mediaUrl: post.mediaUrl, mediaType: post.mediaType });
}

export async function updatePost(
  db: Executor,
  postId: string,
  values: {
    text?: string | null;
    mentions?: Record<string, string> | null;
    editedAt?: Date;
    deletedAt?: Date;
  } & MediaColumns,
) {
  await db
    .update(posts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(posts.id, postId));
}

/** What a like or share needs to know about its post, read in one statement. */
export type InteractionTarget = {
  author_id: string;
  deleted: boolean;
  author_blocked: boolean;
  /** The viewer and the author have blocked each other, one way or the other. */
  blocked: boolean;
  /** The viewer was referred and not yet paid for: this activity may complete the referral. */
  referral_pending: boolean;
};

/**
 * The post a fan likes or shares, with its author's state, any block between them and whether a referral waits.
 * Inside a transaction the post row is locked FOR KEY SHARE: it cannot be deleted until the reaction commits,
 * while other fans' reactions (which only update its counters) go on in parallel.
 */
export function interactionTargetQuery(viewerId: string, postId: string): SQL {
  return sql`select p.author_id, p.deleted_at is not null as deleted, a.is_blocked as author_blocked,
      ${blockedEitherWay(viewerId, sql`p.author_id`)} as blocked,
      exists (select 1 from goal_referrals r where r.referee_id = ${viewerId} and not r.rewarded) as referral_pending
    from posts p join profiles a on a.id = p.author_id
    where p.id = ${postId}
    for key share of p`;
}

export async function findInteractionTarget(
  db: Executor,
  viewerId: string,
  postId: string,
): Promise<InteractionTarget | null> {
  const [row] = await queryPrepared<InteractionTarget>(db, interactionTargetQuery(viewerId, postId));
  return row ?? null;
}

/** Likes and shares are the same shape: one row per fan and post. */
export type ReactionKind = 'like' | 'share';
const reactionTable = (kind: ReactionKind) => sql.raw(kind === 'like' ? 'likes' : 'shares');

// The like path's statements are prepared like the reads (queryPrepared): parsed and planned once per
// connection, and not rebuilt by the query builder on every like.
export const addReactionQuery = (kind: ReactionKind, postId: string, userId: string): SQL =>
  sql`insert into ${reactionTable(kind)} (post_id, user_id) values (${postId}, ${userId})
    on conflict do nothing returning post_id`;

export const removeReactionQuery = (kind: ReactionKind, postId: string, userId: string): SQL =>
  sql`delete from ${reactionTable(kind)} where post_id = ${postId} and user_id = ${userId} returning post_id`;

export const postCountsQuery = (postId: string): SQL =>
  sql`select likes_count as "likesCount", shares_count as "sharesCount", comments_count as "commentsCount"
    from posts where id = ${postId}`;

/** Adds the fan's like or share; false when it was already there. */
export async function addReaction(db: Executor, kind: ReactionKind, postId: string, userId: string): Promise<boolean> {
  return (await queryPrepared(db, addReactionQuery(kind, postId, userId))).length > 0;
}

/** Removes the fan's like or share; false when there was none. */
export async function removeReaction(
  db: Executor,
  kind: ReactionKind,
  postId: string,
  userId: string,
): Promise<boolean> {
  return (await queryPrepared(db, removeReactionQuery(kind, postId, userId))).length > 0;
}

export async function postCounts(db: Executor, postId: string) {
  const [row] = await queryPrepared<{ likesCount: number; sharesCount: number; commentsCount: number }>(
    db,
    postCountsQuery(postId),
  );
  return row!;
}

export type { PostRow };

/** The club a fan posts to: their primary club, or null before they chose one. */
export async function primaryClubOf(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db.select({ clubId: profiles.primaryClubId }).from(profiles).where(eq(profiles.id, userId));
  return row?.clubId ?? null;
}
