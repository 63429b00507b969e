import type { AdminStats } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: () => apiGet<AdminStats>('/api/admin/stats'),
    staleTime: STALE.short,
  });

export function useAdminStats() {
  return useQuery(adminStatsQuery());
}
