import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

const getFeed = endpoint('getFeed', 'GET', '/api/feed');

/** All live public posts, newest first, 50 a page. */
export const feedQuery = () =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam }) => call(getFeed, { query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useFeed() {
  return useInfiniteQuery(feedQuery());
}
