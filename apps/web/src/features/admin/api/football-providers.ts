import type { OperationBody, Operations } from '@burti/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchAdminKeys } from './match-admin-keys';

const statusCall = endpoint('getProviderStatus', 'GET', '/api/admin/football/status');
const teamsCall = endpoint('listProviderTeams', 'GET', '/api/admin/football/teams');
const updateTeamCall = endpoint('updateTeam', 'PATCH', '/api/admin/teams/:teamId');
const clubsCall = endpoint('listClubs', 'GET', '/api/clubs');

/** Refreshed while the screen is open: the budget counts and the last syncs move every few seconds on match day. */
const STATUS_REFRESH_MS = 15_000;

/** The football data providers' health (decision 026): syncs, requests used of the budget, back-off, errors. */
export function useProviderStatus() {
  return useQuery({
    queryKey: matchAdminKeys.providerStatus(),
    queryFn: () => call(statusCall, {}),
    staleTime: STALE.short,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** The teams the providers know, the unmapped first, each with its club or none. */
export function useProviderTeams() {
  return useQuery({
    queryKey: matchAdminKeys.providerTeams(),
    queryFn: () => call(teamsCall, {}),
    staleTime: STALE.normal,
  });
}

/** Burti's club catalogue, to pick a team's club from. */
export function useClubCatalogue() {
  return useQuery({
    queryKey: matchAdminKeys.clubs(),
    queryFn: async () => (await call(clubsCall, {})).clubs,
    staleTime: STALE.static,
  });
}

export type TeamMapping = Required<Pick<OperationBody<Operations['updateTeam']>, 'clubId'>>;

/** Maps a team to a club (or unmaps it, `clubId: null`): updateTeam, written to the audit log by the server. */
export function useMapTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, clubId }: TeamMapping & { teamId: number }) =>
      call(updateTeamCall, { params: { teamId }, body: { clubId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: matchAdminKeys.providerTeams() });
      void queryClient.invalidateQueries({ queryKey: matchAdminKeys.teams() });
    },
  });
}
