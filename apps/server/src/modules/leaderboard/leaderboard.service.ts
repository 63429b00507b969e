import {
  LEADERBOARD_LIMIT,
  type LeaderboardResponse,
  type LeaderboardRow,
  type LeaderboardWindow,
} from '@burti/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { findClub } from '../clubs/clubs.service.js';
import {
  applyFlaggedLeaderboard,
  leaderboardRows,
  rollLeaderboard,
  type LeaderboardDbRow,
} from './leaderboard.queries.js';

function toRow(row: LeaderboardDbRow): LeaderboardRow {
  return {
    rank: Number(row.rank),
    userId: row.user_id,
    nickname: row.nickname,
    avatarUrl: row.avatar_url,
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    score: row.score,
    goalBalance: row.goal_balance,
  };
}

/** The UTC day this process last made sure each database's windows reach; the roll itself is idempotent. */
const rolledFor = new WeakMap<Db, string>();

async function windowsCurrent(db: Db): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  if (rolledFor.get(db) === today) return;
  await rollLeaderboard(db);
  rolledFor.set(db, today);
}

export async function getLeaderboard({
  db,
  viewer,
  clubId,
  window,
}: {
  db: Db;
  viewer: Viewer;
  clubId: number;
  window: LeaderboardWindow;
}): Promise<LeaderboardResponse> {
  await windowsCurrent(db);
  const query = { clubId, viewerId: viewer.id, window };
  let found = await leaderboardRows(db, query);
  // Activity that writers left pending is applied before a board is shown, so a fan sees their own like at once;
  // the board's statement says whether writers appended since the last apply (never while only boards are read).
  // While another apply runs, the board is shown as it stands rather than queueing behind it (0096).
  if ((!found.length || found[0]!.pending) && (await applyFlaggedLeaderboard(db)) > 0) {
    found = await leaderboardRows(db, query);
  }
  const rows = found.map(toRow);
  // Only an empty board can belong to a club that does not exist: ask then, not on every read.
  if (!rows.length && !(await findClub(db, clubId))) throw new AppError('CLUB_NOT_FOUND');
  const own = rows.find((row) => row.userId === viewer.id) ?? null;
  return { rows: rows.filter((row) => row.rank <= LEADERBOARD_LIMIT), viewer: own };
}
