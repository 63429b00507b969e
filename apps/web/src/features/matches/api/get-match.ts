import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchKeys } from './match-keys';

const getMatchCall = endpoint('getMatch', 'GET', '/api/matches/:matchId');

/** A match: teams, score, status and minute, the timeline, lineups, the thread's phase. The stream keeps it fresh. */
export const matchQuery = (matchId: string) =>
  queryOptions({
    queryKey: matchKeys.detail(matchId),
    queryFn: async () => (await call(getMatchCall, { params: { matchId } })).match,
    staleTime: STALE.short,
  });

export function useMatch(matchId: string) {
  return useQuery(matchQuery(matchId));
}
