import type { Club, ClubListResponse } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { leaderboardKeys } from './get-leaderboard';

/** The clubs a board can be shown for, ordered by name (the picker's options). */
export const boardClubsQuery = () =>
  queryOptions({
    queryKey: leaderboardKeys.clubs(),
    queryFn: async (): Promise<Club[]> => (await apiGet<ClubListResponse>('/api/clubs')).clubs,
    staleTime: STALE.static,
  });

export function useBoardClubs() {
  return useQuery(boardClubsQuery());
}
