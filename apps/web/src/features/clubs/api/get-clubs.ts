import type { Club } from '@burti/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { sharedKeys } from '../../../lib/query-keys';

const listClubs = endpoint('listClubs', 'GET', '/api/clubs');

export const clubKeys = {
  all: ['clubs'] as const,
  search: (q: string) => ['clubs', 'search', q] as const,
  /** A club's header with its fan and post counts; new posts and club changes refresh them all. */
  details: () => sharedKeys.clubDetails,
  detail: (id: number) => [...sharedKeys.clubDetails, id] as const,
};

/** The whole catalogue, ordered by name; search filters it on the client as the fan types. */
export const clubsQuery = () =>
  queryOptions({
    queryKey: clubKeys.all,
    queryFn: async (): Promise<Club[]> => (await call(listClubs, {})).clubs,
    staleTime: STALE.static,
  });

export function useClubs() {
  return useQuery(clubsQuery());
}

/**
 * The server's club search: either script, any case or accents, short names and aliases (Barça, Man Utd,
 * დინამო), best matches first. While the next answer loads, the previous one stays on screen.
 */
export function useClubSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: clubKeys.search(q),
    queryFn: async (): Promise<Club[]> => (await call(listClubs, { query: { q } })).clubs,
    enabled: q.length > 0,
    staleTime: STALE.static,
    placeholderData: keepPreviousData,
  });
}
