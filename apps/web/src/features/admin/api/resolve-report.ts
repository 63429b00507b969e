import type { ResolveReportInput, ResolveReportResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export function resolveReport({ reportId, ...input }: ResolveReportInput & { reportId: string }) {
  return api<ResolveReportResponse>('POST', `/api/admin/reports/${encodeURIComponent(reportId)}/resolve`, input);
}

/** Closes the whole case (every pending report of the target); the queue, the counts and the log refresh. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
