import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchKeys } from './match-keys';

const getClubMatchesCall = endpoint('getClubMatches', 'GET', '/api/clubs/:clubId/matches');

export type ClubMatchesKind = 'upcoming' | 'results';

/** A club's fixtures (soonest first, live ones included) or results (latest first), 20 a page. */
export const clubMatchesQuery = (clubId: number, kind: ClubMatchesKind) =>
  infiniteQueryOptions({
    queryKey: matchKeys.clubList(clubId, kind),
    queryFn: ({ pageParam }) => call(getClubMatchesCall, { params: { clubId }, query: { kind, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useClubMatches(clubId: number, kind: ClubMatchesKind) {
  return useInfiniteQuery(clubMatchesQuery(clubId, kind));
}
