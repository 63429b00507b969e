import type { LikeState, Post } from '@burti/shared';
import { useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { noteEngagement } from '../../../lib/pwa';
import { meKeys } from '../../auth/api/get-me';
import { postMutationKeys } from './post-keys';
import { usePostToggle } from './toggle-post';

const likePost = endpoint('likePost', 'POST', '/api/posts/:postId/like');
const unlikePost = endpoint('unlikePost', 'DELETE', '/api/posts/:postId/like');

export async function setLike(postId: string, liked: boolean): Promise<LikeState> {
  return withIntent(`like:${postId}`, String(liked), (idempotencyKey) =>
    call(liked ? likePost : unlikePost, { params: { postId } }, { idempotencyKey }),
  );
}

/**
 * Like / unlike: every cached copy of the post changes at each tap; fast taps send only the last state, the
 * count then is the server's, and a failure goes back with a toast.
 */
export function useLikePost(post: Pick<Post, 'id' | 'viewerHasLiked'>) {
  const queryClient = useQueryClient();
  const toggle = usePostToggle({
    key: postMutationKeys.like(post.id),
    postId: post.id,
    send: (liked) => setLike(post.id, liked),
    flag: 'viewerHasLiked',
    count: 'likesCount',
    isOn: (state) => state.liked,
    onSettled: (state) => {
      if (state.liked) noteEngagement();
      // Activity can complete a referral and pay $GOAL: the balance on screen refreshes.
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
  return { toggle: () => toggle(!post.viewerHasLiked) };
}
