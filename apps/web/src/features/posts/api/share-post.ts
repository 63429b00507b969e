import type { Post, ShareState } from '@burti/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { postKeys, postMutationKeys } from './post-keys';
import { usePostToggle } from './toggle-post';

const sharePost = endpoint('sharePost', 'POST', '/api/posts/:postId/share');
const unsharePost = endpoint('unsharePost', 'DELETE', '/api/posts/:postId/share');

export async function setShare(postId: string, shared: boolean): Promise<ShareState> {
  return withIntent(`share:${postId}`, String(shared), (idempotencyKey) =>
    call(shared ? sharePost : unsharePost, { params: { postId } }, { idempotencyKey }),
  );
}

/** Share to one's own profile (or take the share back), settling on the last tap like a like. */
export function useSharePost(post: Pick<Post, 'id' | 'viewerHasShared'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toggle = usePostToggle({
    key: postMutationKeys.share(post.id),
    postId: post.id,
    send: (shared) => setShare(post.id, shared),
    flag: 'viewerHasShared',
    count: 'sharesCount',
    isOn: (state) => state.shared,
    onSettled: (state) => {
      // Profiles list shares: the sharer's timeline changed.
      void queryClient.invalidateQueries({ queryKey: postKeys.users() });
      if (state.shared) toast.success(t('post.shared'), { description: t('post.sharedMessage') });
      else toast.info(t('post.unshared'), { description: t('post.unsharedMessage') });
    },
  });
  return { toggle: () => toggle(!post.viewerHasShared) };
}
