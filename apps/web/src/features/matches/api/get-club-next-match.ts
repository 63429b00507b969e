import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchKeys } from './match-keys';

const getClubNextMatchCall = endpoint('getClubNextMatch', 'GET', '/api/clubs/:clubId/next-match');

/** The club's match that is on now, else its next one; null when none is scheduled. */
export const clubNextMatchQuery = (clubId: number) =>
  queryOptions({
    queryKey: matchKeys.clubNext(clubId),
    queryFn: async () => (await call(getClubNextMatchCall, { params: { clubId } })).match,
    staleTime: STALE.short,
  });

export function useClubNextMatch(clubId: number | undefined) {
  return useQuery({ ...clubNextMatchQuery(clubId ?? 0), enabled: clubId !== undefined });
}
