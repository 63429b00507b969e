import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';
import { adminKeys } from './admin-keys';

const adminDeletePostCall = endpoint('adminDeletePost', 'POST', '/api/admin/posts/:postId/delete');

export function adminDeletePost({ postId, note }: { postId: string; note?: string }) {
  return call(adminDeletePostCall, { params: { postId }, body: { note } });
}

export function useAdminDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminDeletePost,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // Feeds cached in this tab still hold the post.
      await queryClient.invalidateQueries({ queryKey: sharedKeys.posts });
    },
  });
}
