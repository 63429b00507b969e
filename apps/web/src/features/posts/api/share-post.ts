import type { Post, ShareState } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { api } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { postKeys, postMutationKeys, restorePosts, snapshotPosts, updatePostInCaches } from './post-keys';

export async function setShare(postId: string, shared: boolean): Promise<ShareState> {
  return withIntent(`share:${postId}`, String(shared), (idempotencyKey) =>
    api<ShareState>(shared ? 'POST' : 'DELETE', `/api/posts/${encodeURIComponent(postId)}/share`, undefined, {
      idempotencyKey,
    }),
  );
}

/** Share to one's own profile (or take the share back), optimistic like a like. */
export function useSharePost(post: Pick<Post, 'id' | 'viewerHasShared'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutationKey = postMutationKeys.share(post.id);
  const mutation = useMutation({
    mutationKey,
    mutationFn: (shared: boolean) => setShare(post.id, shared),
    onMutate: async (shared) => {
      await queryClient.cancelQueries({ queryKey: postKeys.all });
      const snapshot = snapshotPosts(queryClient);
      updatePostInCaches(queryClient, post.id, (p) =>
        p.viewerHasShared === shared
          ? p
          : { ...p, viewerHasShared: shared, sharesCount: Math.max(0, p.sharesCount + (shared ? 1 : -1)) },
      );
      return { snapshot };
    },
    onError: (error, _shared, context) => {
      if (context) restorePosts(queryClient, context.snapshot);
      toast.error(t('app.error'), { description: error.message });
    },
    onSuccess: (state) => {
      updatePostInCaches(queryClient, post.id, (p) => ({
        ...p,
        viewerHasShared: state.shared,
        sharesCount: state.sharesCount,
      }));
      // Profiles list shares: the sharer's timeline changed.
      void queryClient.invalidateQueries({ queryKey: postKeys.users() });
      if (state.shared) toast.success(t('post.shared'), { description: t('post.sharedMessage') });
      else toast.info(t('post.unshared'), { description: t('post.unsharedMessage') });
    },
  });

  const toggle = () => {
    if (queryClient.isMutating({ mutationKey }) > 0) return;
    mutation.mutate(!post.viewerHasShared);
  };
  return { toggle, isPending: mutation.isPending };
}
