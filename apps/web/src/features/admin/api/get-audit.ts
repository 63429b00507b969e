import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

const listAudit = endpoint('listAudit', 'GET', '/api/admin/audit');

export const adminAuditQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam }) => call(listAudit, { query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useAdminAudit() {
  return useInfiniteQuery(adminAuditQuery());
}
