import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchAdminKeys } from './match-admin-keys';

const listTeams = endpoint('listTeams', 'GET', '/api/admin/teams');

export const teamsQuery = () =>
  queryOptions({
    queryKey: matchAdminKeys.teams(),
    queryFn: () => call(listTeams, {}),
    staleTime: STALE.normal,
  });

export function useTeams() {
  return useQuery(teamsQuery());
}
