import type { Club, ClubListResponse } from '@burti/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * The server's club search: either script, any case or accents, short names and aliases (Barça, Man Utd,
 * დინამო), best matches first. While the next answer loads, the previous one stays on screen.
 */
export function useClubSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...clubKeys.all, 'search', q] as const,
    queryFn: async (): Promise<Club[]> =>
      (await apiGet<ClubListResponse>(`/api/clubs?q=${encodeURIComponent(q)}`)).clubs,
    enabled: q.length > 0,
    staleTime: STALE.static,
    placeholderData: keepPreviousData,
  });
}
