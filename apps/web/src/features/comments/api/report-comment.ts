import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';

export async function reportComment(commentId: string): Promise<void> {
  await withIntent(`report:comment:${commentId}`, '', (idempotencyKey) =>
    api('POST', '/api/reports', { targetType: 'comment', targetId: commentId }, { idempotencyKey }),
  );
}

export function useReportComment() {
  return useMutation({ mutationFn: reportComment });
}
