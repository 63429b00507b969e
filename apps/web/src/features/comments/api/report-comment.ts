import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export async function reportComment(commentId: string): Promise<void> {
  await api('POST', '/api/reports', { targetType: 'comment', targetId: commentId });
}

export function useReportComment() {
  return useMutation({ mutationFn: reportComment });
}
