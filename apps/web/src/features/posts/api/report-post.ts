import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';

export async function reportPost(postId: string): Promise<void> {
  await withIntent(`report:post:${postId}`, '', (idempotencyKey) =>
    api('POST', '/api/reports', { targetType: 'post', targetId: postId }, { idempotencyKey }),
  );
}

/** 409 ALREADY_REPORTED comes back as an ApiError whose message is shown as information. */
export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
