import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

const listAdminUsers = endpoint('listAdminUsers', 'GET', '/api/admin/users');

/** Users newest first, or those whose nickname or email contains the query; 50 a page. */
export const adminUsersQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: ({ pageParam }) => call(listAdminUsers, { query: { q: query || undefined, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE.short,
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: string) {
  return useInfiniteQuery(adminUsersQuery(query));
}
