import type { AdminDeletePostResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';
import { adminKeys } from './admin-keys';

export function adminDeletePost({ postId, note }: { postId: string; note?: string }) {
  return api<AdminDeletePostResponse>('POST', `/api/admin/posts/${encodeURIComponent(postId)}/delete`, { note });
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
