import { useQuery } from '@tanstack/react-query';
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
