import type { LeaderboardResponse, LeaderboardWindow } from '@burti/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';

const getLeaderboardCall = endpoint('getLeaderboard', 'GET', '/api/leaderboard');

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  clubs: () => ['leaderboard', 'clubs'] as const,
  board: (clubId: number, period: LeaderboardWindow) => ['leaderboard', 'board', clubId, period] as const,
};

export function getLeaderboard(clubId: number, period: LeaderboardWindow): Promise<LeaderboardResponse> {
  return call(getLeaderboardCall, { query: { clubId, window: period } });
}

export const leaderboardQuery = (clubId: number, period: LeaderboardWindow) =>
  queryOptions({
    queryKey: leaderboardKeys.board(clubId, period),
    queryFn: () => getLeaderboard(clubId, period),
    staleTime: STALE.short,
  });

/** A club's board for a window; the previous board stays on screen while another club or window loads. */
export function useLeaderboard(clubId: number | undefined, period: LeaderboardWindow) {
  return useQuery({
    ...leaderboardQuery(clubId ?? 0, period),
    enabled: clubId !== undefined,
    placeholderData: keepPreviousData,
  });
}
