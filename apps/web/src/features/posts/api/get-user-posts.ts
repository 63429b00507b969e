import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

const getUserPosts = endpoint('getUserPosts', 'GET', '/api/users/:userId/posts');

/** A fan's timeline: their posts and the posts they shared (those carry `sharedBy`). */
export const userPostsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.user(userId),
    queryFn: ({ pageParam }) => call(getUserPosts, { params: { userId }, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useUserPosts(userId: string) {
  return useInfiniteQuery(userPostsQuery(userId));
}
