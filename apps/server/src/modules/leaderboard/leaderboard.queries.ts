import { LEADERBOARD_LIMIT, LEADERBOARD_POINTS, type LeaderboardWindow } from '@burti/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

export type LeaderboardDbRow = {
  rank: string | number;
  user_id: string;
  nickname: string;
  avatar_url: string | null;
  updated_at: Date | string;
  likes: number;
  comments: number;
  shares: number;
  score: number;
  goal_balance: number;
};

/** Days a window covers, counting today (UTC): 7d is today and the 6 days before. null = all time. */
const WINDOW_DAYS: Record<LeaderboardWindow, number | null> = { '7d': 7, '30d': 30, all: null };

/**
 * A club's board: members whose primary club it is (not blocked by an administrator, not blocked either way
 * with the viewer), summing their rollup rows inside the window. Ranked by score, then by the earlier first
 * live post, then by id. Returns the top `limit` rows plus the viewer's row wherever it ranks.
 */
export async function leaderboardRows(
  db: Executor,
  args: { clubId: number; viewerId: string; window: LeaderboardWindow; limit?: number },
): Promise<LeaderboardDbRow[]> {
  const { clubId, viewerId, window, limit = LEADERBOARD_LIMIT } = args;
  const days = WINDOW_DAYS[window];
  const from = days === null ? sql`` : sql`and d.day >= (now() at time zone 'UTC')::date - ${days - 1}::int`;
  const { like, comment, share } = LEADERBOARD_POINTS;
  return queryRows<LeaderboardDbRow>(
    db,
    sql`with members as (
        select m.id, m.nickname, m.avatar_url, m.updated_at from profiles m
        where m.primary_club_id = ${clubId} and not m.is_blocked
          and not exists (
            select 1 from user_blocks b
            where (b.blocker_id = ${viewerId} and b.blocked_id = m.id)
               or (b.blocker_id = m.id and b.blocked_id = ${viewerId})
          )
      ),
      totals as (
        select d.user_id, sum(d.likes)::int as likes, sum(d.comments)::int as comments, sum(d.shares)::int as shares
        from members m
        join leaderboard_daily d on d.user_id = m.id ${from}
        group by d.user_id
      ),
      ranked as (
        select t.*, (t.likes * ${like} + t.comments * ${comment} + t.shares * ${share})::int as score,
          row_number() over (
            order by t.likes * ${like} + t.comments * ${comment} + t.shares * ${share} desc,
              (select min(p.created_at) from posts p where p.author_id = t.user_id and p.deleted_at is null) asc nulls last,
              t.user_id asc
          ) as rank
        from totals t
        where t.likes * ${like} + t.comments * ${comment} + t.shares * ${share} > 0
      )
      select r.rank, r.user_id, r.likes, r.comments, r.shares, r.score,
        m.nickname, m.avatar_url, m.updated_at,
        coalesce((select sum(g.amount) from goal_ledger g where g.user_id = r.user_id), 0)::int as goal_balance
      from ranked r
      join members m on m.id = r.user_id
      where r.rank <= ${limit} or r.user_id = ${viewerId}
      order by r.rank`,
  );
}

export type RollupDifference = {
  user_id: string;
  day: string;
  expected: { likes: number; comments: number; shares: number };
  actual: { likes: number; comments: number; shares: number };
};

/**
 * Recomputes every rollup from the source rows (likes, comments and shares by others on live posts, by UTC day)
 * and returns where the maintained table differs. Empty means the triggers kept it exact.
 */
export async function reconcileLeaderboard(db: Executor): Promise<RollupDifference[]> {
  const rows = await queryRows<{
    user_id: string;
    day: string;
    expected_likes: number;
    expected_comments: number;
    expected_shares: number;
    actual_likes: number;
    actual_comments: number;
    actual_shares: number;
  }>(
    db,
    sql`with activity as (
        select post_id, user_id as actor_id, created_at, 1 as l, 0 as c, 0 as s from likes
        union all select post_id, author_id, created_at, 0, 1, 0 from comments
        union all select post_id, user_id, created_at, 0, 0, 1 from shares
      ),
      expected as (
        select p.author_id as user_id, (a.created_at at time zone 'UTC')::date as day,
          sum(a.l)::int as likes, sum(a.c)::int as comments, sum(a.s)::int as shares
        from activity a
        join posts p on p.id = a.post_id
        where p.deleted_at is null and a.actor_id <> p.author_id
        group by 1, 2
      )
      select coalesce(e.user_id, d.user_id) as user_id, to_char(coalesce(e.day, d.day), 'YYYY-MM-DD') as day,
        coalesce(e.likes, 0) as expected_likes, coalesce(e.comments, 0) as expected_comments,
        coalesce(e.shares, 0) as expected_shares,
        coalesce(d.likes, 0) as actual_likes, coalesce(d.comments, 0) as actual_comments,
        coalesce(d.shares, 0) as actual_shares
      from expected e
      full join leaderboard_daily d on d.user_id = e.user_id and d.day = e.day
      where coalesce(e.likes, 0) <> coalesce(d.likes, 0)
        or coalesce(e.comments, 0) <> coalesce(d.comments, 0)
        or coalesce(e.shares, 0) <> coalesce(d.shares, 0)
      order by 1, 2`,
  );
  return rows.map((r) => ({
    user_id: r.user_id,
    day: r.day,
    expected: { likes: r.expected_likes, comments: r.expected_comments, shares: r.expected_shares },
    actual: { likes: r.actual_likes, comments: r.actual_comments, shares: r.actual_shares },
  }));
}
