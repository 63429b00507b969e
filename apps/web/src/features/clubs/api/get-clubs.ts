import type { Club, ClubListResponse } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';

export const clubKeys = {
  all: ['clubs'] as const,
  detail: (id: number) => ['clubs', id] as const,
};

/** The whole catalogue, ordered by name; search filters it on the client as the fan types. */
export const clubsQuery = () =>
  queryOptions({
    queryKey: clubKeys.all,
    queryFn: async (): Promise<Club[]> => (await apiGet<ClubListResponse>('/api/clubs')).clubs,
    staleTime: STALE.static,
  });

export function useClubs() {
  return useQuery(clubsQuery());
}

/** Case-insensitive match on name, country or league, as the server's search does. */
export function matchClubs(clubs: Club[], query: string): Club[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return clubs;
  return clubs.filter((club) =>
    [club.name, club.country, club.league].some((field) => field.toLocaleLowerCase().includes(q)),
  );
}
