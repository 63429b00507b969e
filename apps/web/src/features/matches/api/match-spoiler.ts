import type { MatchDetail } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';
import { matchKeys } from './match-keys';

const holdCall = endpoint('holdMatchSpoiler', 'PUT', '/api/matches/:matchId/spoiler');
const revealCall = endpoint('revealMatchSpoiler', 'DELETE', '/api/matches/:matchId/spoiler');

/**
 * Spoiler mode (decision 025): hold a match "until I've watched" (`hold: true`) or reveal it. The answer is the match
 * as the fan now sees it (without or with its score): it replaces the page's copy, and the clubs' cards and lists
 * are read again so that none of them keeps a score the fan asked not to see (or keeps hiding one revealed).
 */
export function useMatchSpoiler(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hold: boolean): Promise<MatchDetail> => {
      const params = { matchId };
      return (hold ? await call(holdCall, { params }) : await call(revealCall, { params })).match;
    },
    onSuccess: (match) => {
      queryClient.setQueryData<MatchDetail>(matchKeys.detail(matchId), match);
      void queryClient.invalidateQueries({ queryKey: ['matches', 'club'] });
      // Feeds fold the posts about a held match.
      void queryClient.invalidateQueries({ queryKey: sharedKeys.spoilerHolds });
    },
  });
}
