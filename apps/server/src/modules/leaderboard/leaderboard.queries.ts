import { LEADERBOARD_LIMIT, type LeaderboardWindow } from '@burti/shared';
import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor, rowLimit, type Statement, statement } from '../../db/client.js';
import { versionedAvatarColumn } from '../../lib/avatar.js';
import { blockedWith } from '../../lib/visibility.js';

export type LeaderboardDbRow = {
  rank: string | number;
  user_id: string;
  nickname: string;
  /** Versioned (versionedAvatarColumn). */
  avatar_url: string | null;
  likes: number;
  comments: number;
  shares: number;
  score: number;
  goal_balance: number;
  /** Whether writers have appended activity since the last apply began (burti_leaderboard_apply, 0094–0095). */
  pending: boolean;
};

const ORDER = sql`score desc, first_post_at asc nulls last, user_id asc`;

/**
 * A club's board: members whose primary club it is (not blocked by an administrator, not blocked either way
 * with the viewer), from their window totals (leaderboard_totals). Ranked by score, then by the earlier first
 * live post, then by id. Returns the top `limit` rows plus the viewer's row wherever it ranks. The top is a walk
 * of the first entries of leaderboard_totals_board_idx; the viewer's rank counts the entries ahead of them, a walk
 * of the same index down to their score, leaving out administrator-blocked members by an anti-join with the few
 * of them (profiles_blocked_idx) rather than a profile lookup per entry (2,348 → 364 buffers for a fan ranked 298).
 */
export function leaderboardQuery(args: {
  clubId: number;
  viewerId: string;
  window: LeaderboardWindow;
  limit?: number;
}): Statement {
  const { clubId, viewerId, window, limit = LEADERBOARD_LIMIT } = args;
  return statement(`leaderboard.board:${limit}`, { clubId, viewerId, window }, (p) => boardQuery(p, limit));
}

function boardQuery(p: { clubId: Placeholder; viewerId: Placeholder; window: Placeholder }, limit: number): SQL {
  const { clubId, viewerId, window } = p;
  const inWindow = sql`t.club_id = ${clubId} and t.period = ${window} and t.score > 0
    and t.user_id <> all (${blockedWith(viewerId)})`;
  const onBoard = sql`${inWindow} and not m.is_blocked`;
  // The member's profile row is read once, for the filter and for what the board shows of them.
  const columns = sql`t.user_id, t.likes, t.comments, t.shares, t.score, t.first_post_at,
        m.nickname, ${versionedAvatarColumn(sql`m.avatar_url`, sql`m.updated_at`)} as avatar_url, m.goal_balance`;
  return sql`with top as (
        select ${columns}
        from leaderboard_totals t join profiles m on m.id = t.user_id
        where ${onBoard}
        order by t.score desc, t.first_post_at asc nulls last, t.user_id asc
        limit ${rowLimit(limit)}
      ),
      ranked as (select top.*, row_number() over (order by ${ORDER}) as rank from top),
      own as (
        select ${columns}
        from leaderboard_totals t join profiles m on m.id = t.user_id
        where t.user_id = ${viewerId} and ${onBoard}
          and not exists (select 1 from ranked r where r.user_id = t.user_id)
      ),
      own_ranked as (
        select o.*, 1 + (
          select count(*) from leaderboard_totals t
          where ${inWindow} and t.score >= o.score
            and not exists (select 1 from profiles b where b.id = t.user_id and b.is_blocked)
            and (t.score > o.score or (t.score = o.score and (
              (o.first_post_at is null and t.first_post_at is not null)
              or t.first_post_at < o.first_post_at
              or (t.first_post_at is not distinct from o.first_post_at and t.user_id < o.user_id))))
        ) as rank
        from own o
      )
      select r.rank, r.user_id, r.likes, r.comments, r.shares, r.score, r.nickname, r.avatar_url, r.goal_balance,
        -- burti_leaderboard_drawn(), written out: a call of the function costs the statement 4 % more.
        ((select case when is_called then last_value else 0 end from leaderboard_pending_seq)
          > (select through from leaderboard_applied)) as pending
      from (select * from ranked union all select * from own_ranked) r
      order by r.rank`;
}

/** Moves the sliding windows to today (UTC) when a new day has begun; returns how many days they moved. */
export async function rollLeaderboard(db: Executor): Promise<number> {
  const [row] = await queryRows<{ moved: number }>(db, sql`select burti_leaderboard_roll() as moved`);
  return row?.moved ?? 0;
}

/**
 * Moves what likes, comments, shares and post removals left in leaderboard_pending into the daily rows and the
 * window totals (0094); returns how many entries it took, 0 at once when nothing is pending.
 */
export async function applyLeaderboard(db: Executor): Promise<number> {
  const [row] = await queryRows<{ taken: number }>(db, sql`select burti_leaderboard_apply() as taken`);
  return row?.taken ?? 0;
}

/**
 * What a board read calls: applies only when writers appended since the last apply began, by two numbers rather
 * than a look at the table, whose emptied pages a scan reads until vacuum returns them (0095), and only when no
 * other apply holds the lock (0096: reads do not queue behind each other); 0 when it applied nothing.
 */
export async function applyFlaggedLeaderboard(db: Executor): Promise<number> {
  const [row] = await queryRows<{ taken: number }>(db, sql`select burti_leaderboard_apply_flagged() as taken`);
  return row?.taken ?? 0;
}

export function leaderboardRows(
  db: Executor,
  args: { clubId: number; viewerId: string; window: LeaderboardWindow; limit?: number },
): Promise<LeaderboardDbRow[]> {
  return queryPrepared<LeaderboardDbRow>(db, leaderboardQuery(args));
}

export type RollupDifference = {
  user_id: string;
  day: string;
  expected: { likes: number; comments: number; shares: number };
  actual: { likes: number; comments: number; shares: number };
};

/**
 * Applies what is pending, then recomputes every rollup from the source rows (likes, comments and shares by others
 * on live posts, by UTC day) and returns where the maintained tables differ. Empty means they are exact.
 */
export async function reconcileLeaderboard(db: Executor): Promise<RollupDifference[]> {
  await applyLeaderboard(db);
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
  const totals = await queryRows<(typeof rows)[number]>(db, totalsDriftQuery);
  return [...rows, ...totals].map((r) => ({
    user_id: r.user_id,
    day: r.day,
    expected: { likes: r.expected_likes, comments: r.expected_comments, shares: r.expected_shares },
    actual: { likes: r.actual_likes, comments: r.actual_comments, shares: r.actual_shares },
  }));
}

/**
 * The window totals recomputed from the daily rollups (each window ending at its clock's day), with the club and
 * the first live post they must carry; rows that differ, named `total:<period>` in the `day` column.
 */
export const totalsDriftQuery = sql`with windows as (
      select 'all'::text as period, null::int as days, null::date as as_of
      union all select period, days, as_of from leaderboard_clock
    ),
    expected as (
      select w.period, d.user_id, sum(d.likes)::int as likes, sum(d.comments)::int as comments,
        sum(d.shares)::int as shares
      from windows w join leaderboard_daily d on w.days is null or d.day between w.as_of - (w.days - 1) and w.as_of
      group by w.period, d.user_id
    )
    select coalesce(e.user_id, t.user_id) as user_id, 'total:' || coalesce(e.period, t.period) as day,
      coalesce(e.likes, 0) as expected_likes, coalesce(e.comments, 0) as expected_comments,
      coalesce(e.shares, 0) as expected_shares,
      coalesce(t.likes, 0) as actual_likes, coalesce(t.comments, 0) as actual_comments,
      coalesce(t.shares, 0) as actual_shares
    from expected e
    full join leaderboard_totals t on t.period = e.period and t.user_id = e.user_id
    left join profiles p on p.id = coalesce(e.user_id, t.user_id)
    where coalesce(e.likes, 0) <> coalesce(t.likes, 0)
      or coalesce(e.comments, 0) <> coalesce(t.comments, 0)
      or coalesce(e.shares, 0) <> coalesce(t.shares, 0)
      or (t.user_id is not null and (t.club_id is distinct from p.primary_club_id
        or t.first_post_at is distinct from (
          select min(created_at) from posts where author_id = t.user_id and deleted_at is null)))
    order by 1, 2`;
