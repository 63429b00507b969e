import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { commentKeys } from './comment-keys';

const getComments = endpoint('getComments', 'GET', '/api/posts/:postId/comments');

/** A post's root comments, oldest first, 20 a page. */
export const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(postId),
    queryFn: ({ pageParam }) => call(getComments, { params: { postId }, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useComments(postId: string) {
  return useInfiniteQuery(commentsQuery(postId));
}
