import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

const getTagPosts = endpoint('getTagPosts', 'GET', '/api/tags/:tag/posts');

/** Live posts with a hashtag, newest first, 20 a page. */
export const tagPostsQuery = (tag: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.tag(tag),
    queryFn: ({ pageParam }) => call(getTagPosts, { params: { tag }, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useTagPosts(tag: string) {
  return useInfiniteQuery(tagPostsQuery(tag));
}
