import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchAdminKeys } from './match-admin-keys';

const listAdminMatches = endpoint('listAdminMatches', 'GET', '/api/admin/matches');

export type AdminMatchKind = 'upcoming' | 'results';

/** Every fixture: those still to be played (or on now) soonest first, or the played ones latest first. */
export const adminMatchesQuery = (kind: AdminMatchKind) =>
  infiniteQueryOptions({
    queryKey: [...matchAdminKeys.matches(), kind] as const,
    queryFn: ({ pageParam }) => call(listAdminMatches, { query: { kind, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useAdminMatches(kind: AdminMatchKind = 'upcoming') {
  return useInfiniteQuery(adminMatchesQuery(kind));
}
