import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { clubKeys } from './get-clubs';

const getClub = endpoint('getClub', 'GET', '/api/clubs/:clubId');

/** One club with its fan and post counts (the club screen's header). */
export const clubQuery = (clubId: number) =>
  queryOptions({
    queryKey: clubKeys.detail(clubId),
    queryFn: async () => (await call(getClub, { params: { clubId } })).club,
  });

export function useClub(clubId: number | undefined) {
  return useQuery({ ...clubQuery(clubId ?? 0), enabled: clubId !== undefined });
}
