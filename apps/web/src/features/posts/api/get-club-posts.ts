import type { PostPage } from '@burti/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys, withCursor } from './post-keys';

/** Live posts to one club, newest first, 20 a page. */
export const clubPostsQuery = (clubId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.club(clubId),
    queryFn: ({ pageParam }) => apiGet<PostPage>(withCursor(`/api/clubs/${clubId}/posts`, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useClubPosts(clubId: number) {
  return useInfiniteQuery(clubPostsQuery(clubId));
}
