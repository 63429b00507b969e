import type { AdminReportPage, ReportStatus } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys, withParams } from './admin-keys';

/** One case per reported target, newest first, 50 a page. */
export const adminReportsQuery = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reportList(status),
    queryFn: ({ pageParam }) =>
      apiGet<AdminReportPage>(withParams('/api/admin/reports', { status, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useAdminReports(status: ReportStatus) {
  return useInfiniteQuery(adminReportsQuery(status));
}
