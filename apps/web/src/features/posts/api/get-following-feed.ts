import type { PostPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys, withCursor } from './post-keys';

/** Posts and shares of the fans the viewer follows, newest first, 50 a page. */
export const followingFeedQuery = () =>
  infiniteQueryOptions({
    queryKey: postKeys.following(),
    queryFn: ({ pageParam }) => apiGet<PostPage>(withCursor('/api/feed/following', pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useFollowingFeed() {
  return useInfiniteQuery(followingFeedQuery());
}
