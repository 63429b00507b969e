import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { commentKeys } from './comment-keys';

const getReplies = endpoint('getReplies', 'GET', '/api/comments/:commentId/replies');

/** The replies to one root comment, oldest first, 20 a page; loaded only once the thread is opened. */
export const repliesQuery = (commentId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.replies(commentId),
    queryFn: ({ pageParam }) => call(getReplies, { params: { commentId }, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useReplies(commentId: string, enabled: boolean) {
  return useInfiniteQuery({ ...repliesQuery(commentId), enabled });
}
