import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchKeys } from './match-keys';

const getMatchPostsCall = endpoint('getMatchPosts', 'GET', '/api/matches/:matchId/posts');

/** A match thread's posts, newest first, 20 a page; under the post lists' prefix so likes and edits reach them. */
export const matchPostsQuery = (matchId: string) =>
  infiniteQueryOptions({
    queryKey: matchKeys.threadPosts(matchId),
    queryFn: ({ pageParam }) => call(getMatchPostsCall, { params: { matchId }, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useMatchPosts(matchId: string) {
  return useInfiniteQuery(matchPostsQuery(matchId));
}
