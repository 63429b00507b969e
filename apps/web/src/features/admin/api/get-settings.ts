import type { AdminSettings } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

/** The configuration in force does not change while the server runs. */
export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: () => apiGet<AdminSettings>('/api/admin/settings'),
    staleTime: STALE.static,
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQuery());
}
