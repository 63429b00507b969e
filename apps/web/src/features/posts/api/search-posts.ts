import type { PostPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

const path = (q: string, cursor?: string) =>
  `/api/search/posts?q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** Posts found, under the posts' list keys so that likes and shares update them like any other list. */
export function usePostSearch(q: string, enabled: boolean) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: postKeys.search(q),
      queryFn: ({ pageParam }) => apiGet<PostPage>(path(q, pageParam)),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      staleTime: STALE.short,
    }),
    enabled: enabled && q.length > 0,
  });
}
