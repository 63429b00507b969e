import type { Comment } from '@burti/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { meKeys } from '../../auth/api/get-me';
import { commentKeys, type CommentPages } from './comment-keys';

const createCommentCall = endpoint('createComment', 'POST', '/api/posts/:postId/comments');

export type CreateCommentVars = { body: string; parentCommentId: string | null };

export async function createComment(postId: string, { body, parentCommentId }: CreateCommentVars) {
  return withIntent(`comment:${postId}:${parentCommentId ?? ''}`, body, (idempotencyKey) =>
    call(
      createCommentCall,
      { params: { postId }, body: { body, ...(parentCommentId ? { parentCommentId } : {}) } },
      { idempotencyKey },
    ),
  );
}

/**
 * Adds the comment at the end of a loaded thread. When more pages wait on the server, the new comment comes
 * with them (oldest first), so it is not added twice.
 */
function appendIfComplete(queryClient: QueryClient, queryKey: readonly unknown[], comment: Comment): boolean {
  const data = queryClient.getQueryData<CommentPages>(queryKey);
  const last = data?.pages.at(-1);
  if (!data || !last || last.nextCursor) return false;
  if (data.pages.some((page) => page.comments.some((c) => c.id === comment.id))) return true;
  queryClient.setQueryData<CommentPages>(queryKey, {
    ...data,
    pages: [...data.pages.slice(0, -1), { ...last, comments: [...last.comments, comment] }],
  });
  return true;
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: CreateCommentVars) => createComment(postId, vars),
    onSuccess: ({ comment }, { parentCommentId }) => {
      // Activity can complete a referral and pay $GOAL: the balance on screen refreshes.
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
      if (!parentCommentId) {
        appendIfComplete(queryClient, commentKeys.list(postId), comment);
        return;
      }
      queryClient.setQueryData<CommentPages>(commentKeys.list(postId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                comments: page.comments.map((c) =>
                  c.id === parentCommentId ? { ...c, replyCount: c.replyCount + 1 } : c,
                ),
              })),
            }
          : data,
      );
      if (!appendIfComplete(queryClient, commentKeys.replies(parentCommentId), comment)) {
        void queryClient.invalidateQueries({ queryKey: commentKeys.replies(parentCommentId) });
      }
    },
  });
}
