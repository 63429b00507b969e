import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

const getFollowingFeed = endpoint('getFollowingFeed', 'GET', '/api/feed/following');

/** Posts and shares of the fans the viewer follows, newest first, 50 a page. */
export const followingFeedQuery = () =>
  infiniteQueryOptions({
    queryKey: postKeys.following(),
    queryFn: ({ pageParam }) => call(getFollowingFeed, { query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useFollowingFeed() {
  return useInfiniteQuery(followingFeedQuery());
}
