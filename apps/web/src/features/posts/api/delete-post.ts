import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { invalidatePostCounters } from './invalidate-counts';
import { postKeys, removePostFromCaches } from './post-keys';

const deletePostCall = endpoint('deletePost', 'DELETE', '/api/posts/:postId');

export async function deletePost(postId: string): Promise<void> {
  await call(deletePostCall, { params: { postId } });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, postId) => {
      removePostFromCaches(queryClient, postId);
      // Coming back to the post (history) asks the server again, which answers that it was deleted.
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId), refetchType: 'none' });
      invalidatePostCounters(queryClient);
    },
  });
}
