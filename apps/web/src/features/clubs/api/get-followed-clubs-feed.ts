import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { sharedKeys } from '../../../lib/query-keys';

const getFollowedClubsFeed = endpoint('getFollowedClubsFeed', 'GET', '/api/feed/clubs');

/** Under the post lists' prefix, so a new, edited or deleted post refreshes it with the other lists. */
export const followedClubsFeedKey = [...sharedKeys.postLists, 'clubs'] as const;

/** The Clubs feed: public posts of the clubs whose feeds the viewer follows, newest first, 20 a page. */
export const followedClubsFeedQuery = () =>
  infiniteQueryOptions({
    queryKey: followedClubsFeedKey,
    queryFn: ({ pageParam }) => call(getFollowedClubsFeed, { query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
  });

export function useFollowedClubsFeed() {
  return useInfiniteQuery(followedClubsFeedQuery());
}
