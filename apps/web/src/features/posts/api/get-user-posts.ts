import type { PostPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys, withCursor } from './post-keys';

/** A fan's timeline: their posts and the posts they shared (those carry `sharedBy`). */
export const userPostsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.user(userId),
    queryFn: ({ pageParam }) =>
      apiGet<PostPage>(withCursor(`/api/users/${encodeURIComponent(userId)}/posts`, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useUserPosts(userId: string) {
  return useInfiniteQuery(userPostsQuery(userId));
}
