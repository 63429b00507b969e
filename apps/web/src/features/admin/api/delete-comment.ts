import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';
import { adminKeys } from './admin-keys';

const adminDeleteCommentCall = endpoint('adminDeleteComment', 'POST', '/api/admin/comments/:commentId/delete');

export function adminDeleteComment({ commentId, note }: { commentId: string; note?: string }) {
  return call(adminDeleteCommentCall, { params: { commentId }, body: { note } });
}

/** Removes a reported comment; the server resolves its case, so the queue and the counts refresh. */
export function useAdminDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminDeleteComment,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // Threads cached in this tab still hold the comment.
      await queryClient.invalidateQueries({ queryKey: sharedKeys.comments });
    },
  });
}
