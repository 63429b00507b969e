import { eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor, rowLimit, type Statement, statement } from '../../db/client.js';
import { postRevisions, posts, profiles } from '../../db/schema/index.js';
import type { Cursor } from '../../lib/cursor.js';
import {
  cursorAt,
  cursorText,
  cursorTime,
  isoText,
  postColumns,
  postListColumns,
  type PostRow,
} from '../../lib/post-rows.js';
import { blockedEitherWay, visibleAuthor, visibleTo } from '../../lib/visibility.js';

const rows = (db: Executor, query: SQL | Statement) => queryPrepared<PostRow>(db, query);

/** Live public posts newest first, optionally of one club, hiding authors the viewer must not see. */
export function listPostsQuery(args: {
  viewerId: string;
  clubId?: number;
  cursor: Cursor | null;
  limit: number;
}): Statement {
  const { viewerId, clubId, cursor, limit } = args;
  const key = `posts.list:${clubId === undefined ? 'all' : 'club'}:${cursor ? 'after' : 'first'}:${limit}`;
  const values = { viewerId, clubId, at: cursor?.at, id: cursor?.id };
  // The order and the filters match posts_feed_idx / posts_club_feed_idx, so a page is a short index walk.
  // The club and the cursor are read through `(select …)`: the planner then costs every call's plan as it costs
  // the prepared statement's generic plan, so PostgreSQL settles on that plan after five calls instead of
  // planning each call again for the club's exact share of posts (0.5 of the club feed's 1 ms at M).
  return statement(
    key,
    values,
    (p) => sql`select ${postListColumns(p.viewerId)}
      from posts p
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      where p.deleted_at is null and p.visibility = 'public'
        ${clubId === undefined ? sql`` : sql`and p.club_id = (select ${p.clubId}::int)`}
        and ${visibleAuthor(p.viewerId, sql`a`)}
        ${cursor ? sql`and (p.created_at, p.id) < (select ${cursorAt(p.at)}, ${p.id}::uuid)` : sql``}
      order by p.created_at desc, p.id desc
      limit ${rowLimit(limit)}`,
  );
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

/** One item of the Following feed as the page shows it, with its place in the keyset. */
export type FollowingRow = PostRow & { cursor_by: string };

/**
 * An item of the Following feed from `i` (activity_at, shared_by) and its post `p`, author `a`, club `c` and
 * sharer `sb`.
 */
function followingItemColumns(viewerId: string | Placeholder): SQL {
  return sql`${postColumns(viewerId)},
        nullif(i.shared_by, '') as shared_by_id, sb.nickname as shared_by_nickname,
        case when i.shared_by = '' then null else ${isoText(sql`i.activity_at`)} end as shared_at,
        i.shared_by as cursor_by, ${cursorText(sql`i.activity_at`)} as cursor_at`;
}

const followingAfter = (cursor: FollowingCursor | null, at: SQL, id: SQL, by: SQL) =>
  cursor ? sql`and (${at}, ${id}, ${by}) < (${cursorTime(cursor)}, ${cursor.id}::uuid, ${cursor.by})` : sql``;

/**
 * The Following feed: live posts and shares of the fans the viewer follows, newest first by the time of each
 * (a post at its creation, a share at its sharing), keyed (time, post, sharer) so that pages never repeat or
 * skip an item while new ones arrive. Read in up to two statements.
 *
 * This one reads the viewer's timeline (0098) from the cursor on: one walk down its primary key, like the global
 * feed's walk down posts, skipping posts deleted or hidden and sharers hidden since. Every row carries `kept_at`,
 * the time from which the timeline is complete ('infinity' when it is not built, `kept_missing` then true); when
 * the timeline has no item after the cursor the statement still answers one row, with no item (`id` null), to
 * tell it. Items older than `kept_at` come from `followingMergedQuery`, needed only when this one returned less
 * than `limit` items and the timeline does not reach back to the beginning. The items come in the walk's order
 * (the lateral side of a nested loop over one row); no outer ORDER BY, whose sort of 51 wide rows cost 75 µs of
 * a page's 830. The timeline's keys are ordered in a subquery of their own (`offset 0` keeps it apart), so the
 * posts are looked up only until the page is full: joined in one query, the planner could not tell how many of a
 * timeline's rows the range would keep (a third, it guesses), read them all by bitmap, looked every post up and
 * sorted the wide rows (1.09 ms instead of 0.80 for a timeline of 100 on a freshly analyzed table).
 */
export function followingTimelineQuery(args: {
  viewerId: string;
  cursor: FollowingCursor | null;
  limit: number;
}): Statement {
  const { viewerId, cursor, limit } = args;
  const key = `posts.following-timeline:${cursor ? 'after' : 'first'}:${limit}`;
  const values = { viewerId, at: cursor?.at, id: cursor?.id, by: cursor?.by };
  return statement(
    key,
    values,
    (p) => sql`with kept as (
        select coalesce(max(at), 'infinity') as at from following_timeline_from where viewer_id = ${p.viewerId}
      )
      select kept.at::text as kept_at, kept.at = 'infinity' as kept_missing, item.*
      from kept left join lateral (
        select ${followingItemColumns(p.viewerId)}
        from (
          select t.activity_at, t.post_id, t.shared_by from following_timeline t
          where t.viewer_id = ${p.viewerId} and t.activity_at >= kept.at
            ${cursor ? sql`and (t.activity_at, t.post_id, t.shared_by) < (${cursorAt(p.at)}, ${p.id}::uuid, ${p.by})` : sql``}
          order by t.activity_at desc, t.post_id desc, t.shared_by desc
          offset 0
        ) i
        join posts p on p.id = i.post_id
        join profiles a on a.id = p.author_id
        join clubs c on c.id = p.club_id
        left join profiles sb on sb.id = nullif(i.shared_by, '')
        where p.deleted_at is null and p.visibility = 'public' and ${visibleAuthor(p.viewerId, sql`a`)}
          and (i.shared_by = '' or ${visibleAuthor(p.viewerId, sql`sb`)})
        order by i.activity_at desc, i.post_id desc, i.shared_by desc
        limit ${rowLimit(limit)}
      ) item on true`,
  );
}

/**
 * The Following feed's items older than `before` (the time from which the viewer's timeline is complete, as
 * `followingTimelineQuery` read it), merged at read time: each followed fan gives at most `limit` of their own
 * posts from their own index (posts_author_feed_idx, index-only: the index holds only live public posts). Shares
 * cost more to walk: each one must look up its post and that post's author. So they are walked only back to the
 * time of the `limit`-th newest own post: a share older than that cannot make the page, since `limit` newer
 * items are already there. Every filter that can drop an item runs inside the walks, before their limits.
 */
export function followingMergedQuery(args: {
  viewerId: string;
  cursor: FollowingCursor | null;
  before: string;
  limit: number;
}): SQL {
  const { viewerId, cursor, before, limit } = args;
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
            and p0.created_at < (select ${before}::timestamptz)
            ${followingAfter(cursor, sql`p0.created_at`, sql`p0.id`, sql`''::text`)}
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
          where s0.user_id = followed.id and s0.created_at >= horizon.at
            and s0.created_at < (select ${before}::timestamptz)
            and ${visibleAuthor(viewerId, sql`a1`)}
            ${followingAfter(cursor, sql`s0.created_at`, sql`s0.post_id`, sql`s0.user_id`)}
          order by s0.created_at desc, s0.post_id desc
          limit ${rowLimit(limit)}
        ) i
      )
      select ${followingItemColumns(viewerId)}
      from (select * from items order by activity_at desc, post_id desc, shared_by desc limit ${rowLimit(limit)}) i
      join posts p on p.id = i.post_id
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      left join profiles sb on sb.id = nullif(i.shared_by, '')
      order by i.activity_at desc, i.post_id desc, i.shared_by desc`;
}

/** Newest first for fixed-width text: cursor times (`cursorText`) and lowercase uuids order as their characters. */
const compareDesc = (x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0);

/**
 * A page of the Following feed: from the viewer's timeline, then, when that cannot fill it and does not reach
 * back to the beginning, the older items merged. `missing` when the viewer has no timeline built.
 */
export async function listFollowingFeed(
  db: Executor,
  args: { viewerId: string; cursor: FollowingCursor | null; limit: number },
): Promise<{ rows: FollowingRow[]; missing: boolean }> {
  const read = await queryPrepared<FollowingRow & { kept_at: string; kept_missing: boolean }>(
    db,
    followingTimelineQuery(args),
  );
  const head = read[0]!;
  // In the walk's order already; a stable sort by time and post keeps it (ties of both, two sharers of a post at
  // one instant, stay in PostgreSQL's order, which the keyset compares by) and makes it certain.
  const rows: FollowingRow[] = read
    .filter((row) => row.id !== null)
    .sort((x, y) => (x.cursor_at === y.cursor_at ? compareDesc(x.id, y.id) : compareDesc(x.cursor_at, y.cursor_at)));
  if (rows.length < args.limit && head.kept_at !== '-infinity') {
    rows.push(
      ...(await queryPrepared<FollowingRow>(
        db,
        followingMergedQuery({ ...args, before: head.kept_at, limit: args.limit - rows.length }),
      )),
    );
  }
  return { rows, missing: head.kept_missing };
}

/**
 * Builds the viewer's Following timeline when it has none (0098): one statement marks it so that new posts and
 * shares reach it, a second fills it with the newest items once every write that began before the mark has
 * ended (waiting at most a second). False when it was built already or the wait ran out; until it is built the
 * feed is merged at read time, as it is for any page older than the timeline.
 */
export async function buildFollowingTimeline(db: Executor, viewerId: string): Promise<boolean> {
  const [opened] = await queryRows<{ opened: boolean }>(
    db,
    sql`select burti_following_timeline_open(${viewerId}) as opened`,
  );
  if (!opened?.opened) return false;
  const [built] = await queryRows<{ built: boolean }>(
    db,
    sql`select burti_following_timeline_build(${viewerId}, interval '1 second') as built`,
  );
  return built?.built === true;
}

export function findPostViewQuery(viewerId: string, postId: string): Statement {
  return statement(
    'posts.view',
    { viewerId, postId },
    (p) => sql`select ${postListColumns(p.viewerId)}
      from posts p
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      where p.id = ${p.postId} and p.deleted_at is null and ${visibleAuthor(p.viewerId, sql`a`)}`,
  );
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
    matchId?: string | null;
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

/** What a like or share needs to know about its post, read in the statement that adds or removes it. */
export type InteractionTarget = {
  author_id: string;
  deleted: boolean;
  author_blocked: boolean;
  /** The viewer and the author have blocked each other, one way or the other. */
  blocked: boolean;
  /** The viewer was referred and not yet paid for: this activity may complete the referral. */
  referral_pending: boolean;
  /** The like or share was added (or removed): false when it was there already (or was not). */
  changed: boolean;
  /** The post's counters as the statement read them, before its own change (reactionCounts adds it). */
  likes_count: number;
  shares_count: number;
};

/** Likes and shares are the same shape: one row per fan and post. */
export type ReactionKind = 'like' | 'share';
const reactionTable = (kind: ReactionKind) => sql.raw(kind === 'like' ? 'likes' : 'shares');

/**
 * Adds or removes the fan's like or share of a post in one statement, which first reads the post with its
 * author's state, any block between the two and whether a referral waits, and changes the reaction only when
 * the fan may react: the post exists and is not deleted, its author is not blocked by an administrator, and
 * neither has blocked the other (a fan's own post excepted). No row when the post does not exist. The post row
 * is locked FOR KEY SHARE first: it cannot be deleted until the reaction commits, while other fans' reactions
 * (which only update its counters) go on in parallel. It reads the post's counters too, so that the answer needs
 * no read after it (reactionCounts). One statement, not a read and a write: each round trip
 * costs both processes a socket write and a wake-up, the larger part of a like's cost on two cores. Prepared
 * like the reads (queryPrepared): parsed and planned once per connection, built once per shape (statement()).
 */
export function reactionQuery(kind: ReactionKind, on: boolean, viewerId: string, postId: string): Statement {
  return statement(`posts.reaction:${kind}:${on ? 'add' : 'remove'}`, { viewerId, postId }, (p) => {
    const allowed = sql`not t.deleted and not t.author_blocked and (t.author_id = ${p.viewerId} or not t.blocked)`;
    const change = on
      ? sql`insert into ${reactionTable(kind)} (post_id, user_id)
            select ${p.postId}, ${p.viewerId} from t where ${allowed}
            on conflict do nothing returning post_id`
      : sql`delete from ${reactionTable(kind)} r
            where r.post_id = ${p.postId} and r.user_id = ${p.viewerId} and exists (select 1 from t where ${allowed})
            returning r.post_id`;
    return sql`with t as (
          select p.author_id, p.deleted_at is not null as deleted, a.is_blocked as author_blocked,
            p.likes_count, p.shares_count,
            ${blockedEitherWay(p.viewerId, sql`p.author_id`)} as blocked,
            exists (select 1 from goal_referrals r where r.referee_id = ${p.viewerId} and not r.rewarded) as referral_pending
          from posts p join profiles a on a.id = p.author_id
          where p.id = ${p.postId}
          for key share of p
        ),
        changed as (${change})
        select t.*, exists (select 1 from changed) as changed from t`;
  });
}

export async function react(
  db: Executor,
  args: { kind: ReactionKind; on: boolean; viewerId: string; postId: string },
): Promise<InteractionTarget | null> {
  const [row] = await queryPrepared<InteractionTarget>(
    db,
    reactionQuery(args.kind, args.on, args.viewerId, args.postId),
  );
  return row ?? null;
}

/**
 * The post's like and share counts once the reaction statement's change is in: the counters it read (locked FOR
 * KEY SHARE, so the latest committed) and its own change, which its triggers add to the row. A like committed by
 * another fan while the statement ran may be missing from the answer, as it would be from a read made after; the
 * stored counters are kept by the triggers and exact.
 */
export function reactionCounts(
  target: InteractionTarget,
  kind: ReactionKind,
  on: boolean,
): { likesCount: number; sharesCount: number } {
  const change = target.changed ? (on ? 1 : -1) : 0;
  return {
    likesCount: target.likes_count + (kind === 'like' ? change : 0),
    sharesCount: target.shares_count + (kind === 'share' ? change : 0),
  };
}

export type { PostRow };

/** The club a fan posts to: their primary club, or null before they chose one. */
export async function primaryClubOf(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db.select({ clubId: profiles.primaryClubId }).from(profiles).where(eq(profiles.id, userId));
  return row?.clubId ?? null;
}

/**
 * How many rows of the built Following timelines (of one viewer, or of all) differ from a recount, either way:
 * each holds every live post and share of the fans its owner follows from its `at` on. Rows of posts deleted
 * since their fan-out stay until cut (the feed leaves them out), so only live posts are compared. Zero when the
 * triggers kept them true; the tests and the benchmark's drift check read it.
 */
export function followingTimelineDriftQuery(viewerId?: string): SQL {
  const viewer = viewerId === undefined ? sql`` : sql`and viewer_id = ${viewerId}`;
  return sql`with v as (select viewer_id, at from following_timeline_from where at <> 'infinity' ${viewer}),
      expected as (
        select f.follower_id, p.created_at, p.id, '', f.following_id from v
          join follows f on f.follower_id = v.viewer_id
          join posts p on p.author_id = f.following_id and p.deleted_at is null and p.visibility = 'public'
          where p.created_at >= v.at
        union all
        select f.follower_id, s.created_at, s.post_id, s.user_id, s.user_id from v
          join follows f on f.follower_id = v.viewer_id
          join shares s on s.user_id = f.following_id
          join posts p on p.id = s.post_id and p.deleted_at is null and p.visibility = 'public'
          where s.created_at >= v.at),
      kept as (select t.viewer_id, t.activity_at, t.post_id, t.shared_by, t.source_id from following_timeline t
        join v on v.viewer_id = t.viewer_id and t.activity_at >= v.at
        join posts p on p.id = t.post_id and p.deleted_at is null and p.visibility = 'public')
      select count(*)::int as drift from ((select * from expected except all select * from kept)
        union all (select * from kept except all select * from expected)) d`;
}

/**
 * Drops the Following timelines of fans with no live session (0099) and cuts those that grew past 200 items back
 * to their newest 100, a hundred timelines per statement so that no transaction holds many rows; returns how
 * many rows went.
 */
export async function pruneFollowingTimelines(db: Executor): Promise<number> {
  let removed = 0;
  for (;;) {
    const [row] = await queryRows<{ removed: number }>(db, sql`select burti_following_timeline_prune(100) as removed`);
    removed += row!.removed;
    if (row!.removed === 0) return removed;
  }
}
