import type { PostPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys, withCursor } from './post-keys';

/** All live public posts, newest first, 50 a page. */
export const feedQuery = () =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam }) => apiGet<PostPage>(withCursor('/api/feed', pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useFeed() {
  return useInfiniteQuery(feedQuery());
}
