import type { Comment, LikeState } from '@burti/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { commentKeys, type CommentPages } from './comment-keys';

const updateCommentCall = endpoint('updateComment', 'PATCH', '/api/comments/:commentId');
const deleteCommentCall = endpoint('deleteComment', 'DELETE', '/api/comments/:commentId');
const likeCommentCall = endpoint('likeComment', 'POST', '/api/comments/:commentId/like');
const unlikeCommentCall = endpoint('unlikeComment', 'DELETE', '/api/comments/:commentId/like');

/**
 * Changes one comment wherever it is loaded (a post's roots or a comment's replies): `change` gives its new
 * version, or null to take it out.
 */
function changeInThreads(queryClient: QueryClient, commentId: string, change: (comment: Comment) => Comment | null) {
  queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.all }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            comments: page.comments.flatMap((c) => {
              if (c.id !== commentId) return [c];
              const next = change(c);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}

export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      call(updateCommentCall, { params: { commentId }, body: { body } }),
    onSuccess: ({ comment }) => changeInThreads(queryClient, comment.id, () => comment),
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment) => call(deleteCommentCall, { params: { commentId: comment.id } }),
    onSuccess: (answer, comment) => {
      // A comment with replies stays as deleted; any other leaves the thread.
      changeInThreads(queryClient, comment.id, () => answer.comment);
      // A reply's root counts one fewer (and may itself have gone, had it been deleted before).
      if (comment.parentCommentId) {
        void queryClient.invalidateQueries({ queryKey: commentKeys.list(comment.postId) });
      }
    },
  });
}

/** Likes or unlikes at once on screen; the server's exact count follows, and a refusal puts it back. */
export function useLikeComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, liked }: { comment: Comment; liked: boolean }): Promise<LikeState> =>
      call(liked ? likeCommentCall : unlikeCommentCall, { params: { commentId: comment.id } }),
    onMutate: ({ comment, liked }) => {
      changeInThreads(queryClient, comment.id, (c) => ({
        ...c,
        liked,
        likesCount: Math.max(0, c.likesCount + (liked === c.liked ? 0 : liked ? 1 : -1)),
      }));
    },
    onError: (_error, { comment }) =>
      changeInThreads(queryClient, comment.id, (c) => ({ ...c, liked: comment.liked, likesCount: comment.likesCount })),
    onSuccess: ({ liked, likesCount }, { comment }) =>
      changeInThreads(queryClient, comment.id, (c) => ({ ...c, liked, likesCount })),
  });
}
