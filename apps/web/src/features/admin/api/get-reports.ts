import type { ReportStatus } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

const listAdminReports = endpoint('listAdminReports', 'GET', '/api/admin/reports');

/** One case per reported target, newest first, 50 a page. */
export const adminReportsQuery = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reportList(status),
    queryFn: ({ pageParam }) => call(listAdminReports, { query: { status, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useAdminReports(status: ReportStatus) {
  return useInfiniteQuery(adminReportsQuery(status));
}
