import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

const getClubPosts = endpoint('getClubPosts', 'GET', '/api/clubs/:clubId/posts');

/** Live posts to one club, newest first, 20 a page. */
export const clubPostsQuery = (clubId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.club(clubId),
    queryFn: ({ pageParam }) => call(getClubPosts, { params: { clubId }, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useClubPosts(clubId: number) {
  return useInfiniteQuery(clubPostsQuery(clubId));
}
