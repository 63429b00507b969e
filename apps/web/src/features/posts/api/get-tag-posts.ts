import type { PostPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys, withCursor } from './post-keys';

/** Live posts with a hashtag, newest first, 20 a page. */
export const tagPostsQuery = (tag: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.tag(tag),
    queryFn: ({ pageParam }) => apiGet<PostPage>(withCursor(`/api/tags/${encodeURIComponent(tag)}/posts`, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useTagPosts(tag: string) {
  return useInfiniteQuery(tagPostsQuery(tag));
}
