import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

const searchPosts = endpoint('searchPosts', 'GET', '/api/search/posts');

/** Posts found, under the posts' list keys so that likes and shares update them like any other list. */
export function usePostSearch(q: string, enabled: boolean) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: postKeys.search(q),
      queryFn: ({ pageParam }) => call(searchPosts, { query: { q, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      staleTime: STALE.short,
    }),
    enabled: enabled && q.length > 0,
  });
}
