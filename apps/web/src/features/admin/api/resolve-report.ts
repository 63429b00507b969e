import type { ResolveReportInput } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { adminKeys } from './admin-keys';

const resolveReportCall = endpoint('resolveReport', 'POST', '/api/admin/reports/:reportId/resolve');

export function resolveReport({ reportId, ...input }: ResolveReportInput & { reportId: string }) {
  return call(resolveReportCall, { params: { reportId }, body: input });
}

/** Closes the whole case (every pending report of the target); the queue, the counts and the log refresh. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
