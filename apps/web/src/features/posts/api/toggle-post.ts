import type { Post } from '@burti/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { useToggleMutationQueue } from '../../../lib/use-toggle-mutation-queue';
import { postKeys, restorePosts, snapshotPosts, updatePostInCaches } from './post-keys';

export type PostToggle<TState> = {
  /** The queue's name for this post (postMutationKeys.like / .share). */
  key: readonly unknown[];
  postId: string;
  send: (on: boolean) => Promise<TState>;
  isOn: (state: TState) => boolean;
  /** The post as one tap shows it (the flag and its count, one up or down). */
  tap: (post: Post, on: boolean) => Post;
  /** The post as the server's answer has it. */
  answer: (post: Post, state: TState) => Post;
  /** After the screen took the server's answer. */
  onSettled?: (state: TState) => void;
};

/**
 * A like or share of a post: every cached copy changes at each tap, the taps settle on the last one with the
 * server's count, and a failure puts the post back with a toast.
 */
export function usePostToggle<TState>({ key, postId, send, isOn, tap, answer, onSettled }: PostToggle<TState>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToggleMutationQueue(key, {
    send,
    isOn,
    snapshot: () => snapshotPosts(queryClient),
    restore: (snapshot) => restorePosts(queryClient, snapshot),
    optimistic: (on) => {
      // A list on its way back would overwrite the tap.
      void queryClient.cancelQueries({ queryKey: postKeys.all });
      updatePostInCaches(queryClient, postId, (post) => tap(post, on));
    },
    settle: (state) => {
      updatePostInCaches(queryClient, postId, (post) => answer(post, state));
      onSettled?.(state);
    },
    onError: (error) =>
      toast.error(t('app.error'), { description: error instanceof Error ? error.message : undefined }),
  });
}
