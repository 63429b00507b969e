import type { AdminUserPage } from '@burti/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys, withParams } from './admin-keys';

/** Users newest first, or those whose nickname or email contains the query; 50 a page. */
export const adminUsersQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: ({ pageParam }) =>
      apiGet<AdminUserPage>(withParams('/api/admin/users', { q: query || undefined, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: string) {
  return useInfiniteQuery(adminUsersQuery(query));
}
