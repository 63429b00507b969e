import type { CommentPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { commentKeys, withCursor } from './comment-keys';

/** The replies to one root comment, oldest first, 20 a page; loaded only once the thread is opened. */
export const repliesQuery = (commentId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.replies(commentId),
    queryFn: ({ pageParam }) =>
      apiGet<CommentPage>(withCursor(`/api/comments/${encodeURIComponent(commentId)}/replies`, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useReplies(commentId: string, enabled: boolean) {
  return useInfiniteQuery({ ...repliesQuery(commentId), enabled });
}
