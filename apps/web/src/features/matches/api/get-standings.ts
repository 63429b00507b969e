import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchKeys } from './match-keys';

const getStandingsCall = endpoint('getStandings', 'GET', '/api/competitions/:competitionId/standings');

/** A competition's table for a season (its latest season when none is named). */
export const standingsQuery = (competitionId: number, season?: string) =>
  queryOptions({
    queryKey: matchKeys.standings(competitionId, season),
    queryFn: () => call(getStandingsCall, { params: { competitionId }, query: { season } }),
    staleTime: STALE.normal,
  });

export function useStandings(competitionId: number | undefined, season?: string) {
  return useQuery({ ...standingsQuery(competitionId ?? 0, season), enabled: competitionId !== undefined });
}
