import type { Post } from '@burti/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { useToggleMutationQueue } from '../../../lib/use-toggle-mutation-queue';
import { postKeys, restorePosts, snapshotPosts, updatePostInCaches } from './post-keys';

/** The viewer's flag on a post and the count it moves: a tap moves the count by one, the answer sets both. */
type Count = 'likesCount' | 'sharesCount';
/** The viewer's flag beside each count. */
type FlagOf<C extends Count> = C extends 'likesCount' ? 'viewerHasLiked' : 'viewerHasShared';

export type PostToggle<C extends Count, TState extends Record<C, number>> = {
  flag: FlagOf<C>;
  count: C;
  /** The queue's name for this post (postMutationKeys.like / .share). */
  key: readonly unknown[];
  postId: string;
  send: (on: boolean) => Promise<TState>;
  /** What the server's answer says of the flag; its count is the answer's field of the same name. */
  isOn: (state: TState) => boolean;
  /** After the screen took the server's answer. */
  onSettled?: (state: TState) => void;
};

/**
 * A like or share of a post: every cached copy changes at each tap, the taps settle on the last one with the
 * server's count, and a failure puts the post back with a toast.
 */
export function usePostToggle<C extends Count, TState extends Record<C, number>>({
  key,
  postId,
  flag,
  count,
  send,
  isOn,
  onSettled,
}: PostToggle<C, TState>) {
  const tap = (post: Post, on: boolean): Post =>
    post[flag] === on ? post : { ...post, [flag]: on, [count]: Math.max(0, post[count] + (on ? 1 : -1)) };
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
      updatePostInCaches(queryClient, postId, (post) => ({ ...post, [flag]: isOn(state), [count]: state[count] }));
      onSettled?.(state);
    },
    onError: (error) =>
      toast.error(t('app.error'), { description: error instanceof Error ? error.message : undefined }),
  });
}
