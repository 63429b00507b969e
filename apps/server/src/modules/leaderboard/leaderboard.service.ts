import {
  LEADERBOARD_LIMIT,
  type LeaderboardResponse,
  type LeaderboardRow,
  type LeaderboardWindow,
} from '@burti/shared';
import type { Db } from '../../db/client.js';
import { versionedAvatar } from '../../lib/avatar.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { findClub } from '../clubs/clubs.queries.js';
import { leaderboardRows, type LeaderboardDbRow } from './leaderboard.queries.js';

function toRow(row: LeaderboardDbRow): LeaderboardRow {
  return {
    rank: Number(row.rank),
    userId: row.user_id,
    nickname: row.nickname,
    avatarUrl: versionedAvatar(row.avatar_url, row.updated_at),
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    score: row.score,
    goalBalance: row.goal_balance,
  };
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
  if (!(await findClub(db, clubId))) throw new AppError('CLUB_NOT_FOUND');
  const rows = (await leaderboardRows(db, { clubId, viewerId: viewer.id, window })).map(toRow);
  const own = rows.find((row) => row.userId === viewer.id) ?? null;
  return { rows: rows.filter((row) => row.rank <= LEADERBOARD_LIMIT), viewer: own };
}
