import { noteEngagement } from '../../../lib/pwa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { meKeys } from '../../auth/api/get-me';
import { invalidatePostCounters } from './invalidate-counts';
import { postKeys, prependPost } from './post-keys';

const createPostCall = endpoint('createPost', 'POST', '/api/posts');

export type CreatePostInput = {
  text: string;
  file: File | null;
  /** Posts into this match's thread (the match page's composer). */
  matchId?: string;
};

/** Multipart when a photo or video travels with the text; plain JSON otherwise. */
export async function createPost({ text, file, matchId }: CreatePostInput) {
  return withIntent(
    'post',
    `${matchId ?? ''}|${text}|${file ? `${file.name}:${file.size}:${file.lastModified}` : ''}`,
    async (idempotencyKey) => {
      if (!file) return (await call(createPostCall, { body: { text, matchId } }, { idempotencyKey })).post;
      const form = new FormData();
      form.append('text', text);
      if (matchId) form.append('matchId', matchId);
      form.append('media', file);
      return (await call(createPostCall, { body: form }, { idempotencyKey })).post;
    },
  );
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      noteEngagement();
      // Activity can complete a referral and pay $GOAL: the balance on screen refreshes.
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
      // On top of the lists at once; the refetch then brings the server's order.
      prependPost(queryClient, postKeys.feed(), post);
      prependPost(queryClient, postKeys.club(post.club.id), post);
      prependPost(queryClient, postKeys.user(post.author.id), post);
      if (post.match) prependPost(queryClient, postKeys.match(post.match.id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      invalidatePostCounters(queryClient);
    },
  });
}
