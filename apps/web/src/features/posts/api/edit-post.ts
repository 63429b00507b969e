import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { updatePostInCaches } from './post-keys';

const editPostCall = endpoint('editPost', 'PATCH', '/api/posts/:postId');

export type EditPostInput = {
  postId: string;
  text: string;
  /** A new photo or video replacing the current one. */
  file: File | null;
  /** True drops the current media (ignored when a new file is sent). */
  removeMedia: boolean;
};

export async function editPost({ postId, text, file, removeMedia }: EditPostInput) {
  const fingerprint = `${text}|${removeMedia}|${file ? `${file.name}:${file.size}:${file.lastModified}` : ''}`;
  return withIntent(`edit:${postId}`, fingerprint, async (idempotencyKey) => {
    if (!file)
      return (await call(editPostCall, { params: { postId }, body: { text, removeMedia } }, { idempotencyKey })).post;
    const form = new FormData();
    form.append('text', text);
    form.append('media', file);
    return (await call(editPostCall, { params: { postId }, body: form }, { idempotencyKey })).post;
  });
}

export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPost,
    onSuccess: (post) => {
      // A shared copy on a profile keeps saying who shared it.
      updatePostInCaches(queryClient, post.id, (old) => ({ ...post, sharedBy: old.sharedBy }));
    },
  });
}
