import type { AuditPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys, withParams } from './admin-keys';

export const adminAuditQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam }) => apiGet<AuditPage>(withParams('/api/admin/audit', { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useAdminAudit() {
  return useInfiniteQuery(adminAuditQuery());
}
