import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { matchAdminKeys } from './match-admin-keys';

const getMatchCall = endpoint('getMatch', 'GET', '/api/matches/:matchId');

/** The console's own copy of the match: every console write answers the whole match, which replaces it. */
export const consoleMatchQuery = (matchId: string) =>
  queryOptions({
    queryKey: matchAdminKeys.match(matchId),
    queryFn: () => call(getMatchCall, { params: { matchId } }),
    staleTime: 0,
  });

export function useConsoleMatch(matchId: string) {
  return useQuery(consoleMatchQuery(matchId));
}
