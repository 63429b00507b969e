import { useMutation } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';

const createReport = endpoint('createReport', 'POST', '/api/reports');

export async function reportPost(postId: string): Promise<void> {
  await withIntent(`report:post:${postId}`, '', (idempotencyKey) =>
    call(createReport, { body: { targetType: 'post', targetId: postId } }, { idempotencyKey }),
  );
}

/** 409 ALREADY_REPORTED comes back as an ApiError whose message is shown as information. */
export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
