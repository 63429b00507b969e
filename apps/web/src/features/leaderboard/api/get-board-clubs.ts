import type { Club } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { leaderboardKeys } from './get-leaderboard';

const listClubs = endpoint('listClubs', 'GET', '/api/clubs');

/** The clubs a board can be shown for, ordered by name (the picker's options). */
export const boardClubsQuery = () =>
  queryOptions({
    queryKey: leaderboardKeys.clubs(),
    queryFn: async (): Promise<Club[]> => (await call(listClubs, {})).clubs,
    staleTime: STALE.static,
  });

export function useBoardClubs() {
  return useQuery(boardClubsQuery());
}
