import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { matchAdminKeys } from './match-admin-keys';

const listCompetitions = endpoint('listCompetitions', 'GET', '/api/competitions');

export const competitionsQuery = () =>
  queryOptions({
    queryKey: matchAdminKeys.competitions(),
    queryFn: () => call(listCompetitions, {}),
    staleTime: STALE.normal,
  });

export function useCompetitions() {
  return useQuery(competitionsQuery());
}
