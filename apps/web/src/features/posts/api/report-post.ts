import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export async function reportPost(postId: string): Promise<void> {
  await api('POST', '/api/reports', { targetType: 'post', targetId: postId });
}

/** 409 ALREADY_REPORTED comes back as an ApiError whose message is shown as information. */
export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
