import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

const getAdminStats = endpoint('getAdminStats', 'GET', '/api/admin/stats');

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: () => call(getAdminStats, {}),
    staleTime: STALE.short,
  });

export function useAdminStats() {
  return useQuery(adminStatsQuery());
}
