import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from './api';
import { STALE } from './query-client';
import { sharedKeys } from './query-keys';

const getSpoilerHoldsCall = endpoint('getSpoilerHolds', 'GET', '/api/me/spoilers');

/**
 * Whether the signed-in fan holds this match in spoiler mode (decision 025; the server drops a hold after 48 hours).
 * The list is asked for only once a card shows a post about a match, and once for all of them; holding or revealing
 * a match reads it again (features/matches/api/match-spoiler).
 */
export function useHoldsMatch(matchId: string | undefined, signedIn: boolean): boolean {
  const { data } = useQuery({
    queryKey: sharedKeys.spoilerHolds,
    queryFn: async () => new Set((await call(getSpoilerHoldsCall, {})).matchIds),
    enabled: matchId !== undefined && signedIn,
    staleTime: STALE.normal,
  });
  return matchId !== undefined && signedIn && (data?.has(matchId) ?? false);
}

/**
 * Whether the fan chose to see this post about a held match ("Show"), and the way to choose it. Kept in the query
 * cache by post id, not in the card: a long feed drops the cards that scroll out of its window, and one that
 * scrolls back (or the same post in another list) stays shown. Signing out clears it with the cache.
 */
export function useShownPost(postId: string): [isShown: boolean, show: () => void] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: sharedKeys.spoilerShownPosts,
    queryFn: () => new Set<string>(),
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const show = () =>
    queryClient.setQueryData<Set<string>>(sharedKeys.spoilerShownPosts, (shown) => new Set(shown).add(postId));
  return [data?.has(postId) ?? false, show];
}
