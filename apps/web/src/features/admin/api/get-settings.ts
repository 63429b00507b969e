import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

const getAdminSettings = endpoint('getAdminSettings', 'GET', '/api/admin/settings');

/** The configuration in force does not change while the server runs. */
export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: () => call(getAdminSettings, {}),
    staleTime: STALE.static,
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQuery());
}
