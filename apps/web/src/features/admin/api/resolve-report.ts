import type { ResolveReportInput } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { adminKeys } from './admin-keys';

const resolveReportCall = endpoint('resolveReport', 'POST', '/api/admin/reports/:reportId/resolve');

export function resolveReport({ reportId, ...input }: ResolveReportInput & { reportId: string }) {
  return call(resolveReportCall, { params: { reportId }, body: input });
}

/**
 * Closes the whole case (every pending report of the target); the queue, the counts and the log refresh. The
 * refresh is not waited for: it removes the case's card, and with it the dialog whose own success callback says
 * "Report resolved" (a callback of an unmounted caller never runs, so the message was lost whenever the refresh
 * came back first).
 */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
