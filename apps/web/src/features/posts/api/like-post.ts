import type { LikeState, Post } from '@burti/shared';
import { noteEngagement } from '../../../lib/pwa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { api } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { postKeys, postMutationKeys, restorePosts, snapshotPosts, updatePostInCaches } from './post-keys';

export async function setLike(postId: string, liked: boolean): Promise<LikeState> {
  return withIntent(`like:${postId}`, String(liked), (idempotencyKey) =>
    api<LikeState>(liked ? 'POST' : 'DELETE', `/api/posts/${encodeURIComponent(postId)}/like`, undefined, {
      idempotencyKey,
    }),
  );
}

/**
 * Like / unlike: every cached copy of the post changes at once, and goes back with a toast if the server says
 * no. Clicks while a like of this post is still on its way are ignored.
 */
export function useLikePost(post: Pick<Post, 'id' | 'viewerHasLiked'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutationKey = postMutationKeys.like(post.id);
  const mutation = useMutation({
    mutationKey,
    mutationFn: (liked: boolean) => setLike(post.id, liked),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: postKeys.all });
      const snapshot = snapshotPosts(queryClient);
      updatePostInCaches(queryClient, post.id, (p) =>
        p.viewerHasLiked === liked
          ? p
          : { ...p, viewerHasLiked: liked, likesCount: Math.max(0, p.likesCount + (liked ? 1 : -1)) },
      );
      return { snapshot };
    },
    onError: (error, _liked, context) => {
      if (context) restorePosts(queryClient, context.snapshot);
      toast.error(t('app.error'), { description: error.message });
    },
    onSuccess: (state) => {
      if (state.liked) noteEngagement();
      // Activity can complete a referral and pay $GOAL: the balance on screen refreshes.
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      updatePostInCaches(queryClient, post.id, (p) => ({
        ...p,
        viewerHasLiked: state.liked,
        likesCount: state.likesCount,
      }));
    },
  });

  const toggle = () => {
    if (queryClient.isMutating({ mutationKey }) > 0) return;
    mutation.mutate(!post.viewerHasLiked);
  };
  return { toggle, isPending: mutation.isPending };
}
