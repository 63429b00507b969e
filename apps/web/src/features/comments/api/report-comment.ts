import { useMutation } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';

const createReport = endpoint('createReport', 'POST', '/api/reports');

export async function reportComment(commentId: string): Promise<void> {
  await withIntent(`report:comment:${commentId}`, '', (idempotencyKey) =>
    call(createReport, { body: { targetType: 'comment', targetId: commentId } }, { idempotencyKey }),
  );
}

export function useReportComment() {
  return useMutation({ mutationFn: reportComment });
}
