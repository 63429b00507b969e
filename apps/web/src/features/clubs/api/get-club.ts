import type { ClubDetailResponse } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { clubKeys } from './get-clubs';

/** One club with its fan and post counts (the club screen's header). */
export const clubQuery = (clubId: number) =>
  queryOptions({
    queryKey: clubKeys.detail(clubId),
    queryFn: async () => (await apiGet<ClubDetailResponse>(`/api/clubs/${clubId}`)).club,
  });

export function useClub(clubId: number | undefined) {
  return useQuery({ ...clubQuery(clubId ?? 0), enabled: clubId !== undefined });
}
