import type { CommentPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { commentKeys, withCursor } from './comment-keys';

/** A post's root comments, oldest first, 20 a page. */
export const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(postId),
    queryFn: ({ pageParam }) =>
      apiGet<CommentPage>(withCursor(`/api/posts/${encodeURIComponent(postId)}/comments`, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useComments(postId: string) {
  return useInfiniteQuery(commentsQuery(postId));
}
