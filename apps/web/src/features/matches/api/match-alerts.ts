import type { AlertClub, MatchAlertMode, MatchAlertState } from '@burti/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';

const getCall = endpoint('getMatchAlerts', 'GET', '/api/matches/:matchId/alerts');
const setCall = endpoint('setMatchAlerts', 'PUT', '/api/matches/:matchId/alerts');
const listClubsCall = endpoint('listAlertClubs', 'GET', '/api/match-alerts/clubs');
const addClubCall = endpoint('addAlertClub', 'PUT', '/api/match-alerts/clubs/:clubId');
const removeClubCall = endpoint('removeAlertClub', 'DELETE', '/api/match-alerts/clubs/:clubId');

/** Match alerts' keys (decision 022): a match's choice, and the clubs whose matches alert the fan. */
export const matchAlertKeys = {
  all: ['match-alerts'] as const,
  match: (matchId: string) => ['match-alerts', 'match', matchId] as const,
  clubs: ['match-alerts', 'clubs'] as const,
};

/** Whether this match alerts the fan, and why (their choice for it, a club of it on their alert clubs). */
export function useMatchAlerts(matchId: string) {
  return useQuery({
    queryKey: matchAlertKeys.match(matchId),
    queryFn: async () => (await call(getCall, { params: { matchId } })).alerts,
    staleTime: STALE.short,
  });
}

/** Sets the match's mode (`on`, `muted`, `default`); the answer is the new state. */
export function useSetMatchAlerts(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mode: MatchAlertMode): Promise<MatchAlertState> =>
      (await call(setCall, { params: { matchId }, body: { mode } })).alerts,
    onSuccess: (state) => queryClient.setQueryData(matchAlertKeys.match(matchId), state),
  });
}

/** The clubs whose every match alerts the fan. */
export function useAlertClubs() {
  return useQuery({
    queryKey: matchAlertKeys.clubs,
    queryFn: async () => (await call(listClubsCall, {})).clubs,
    staleTime: STALE.short,
  });
}

/** Turns a club's alerts on (`on: true`) or off; the answer is the new list, and matches' states are read again. */
export function useSetAlertClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clubId, on }: { clubId: number; on: boolean }): Promise<AlertClub[]> => {
      const params = { clubId };
      return (on ? await call(addClubCall, { params }) : await call(removeClubCall, { params })).clubs;
    },
    onSuccess: (clubs) => {
      queryClient.setQueryData(matchAlertKeys.clubs, clubs);
      void queryClient.invalidateQueries({ queryKey: ['match-alerts', 'match'] });
    },
  });
}
