import type { AdminUser, AdminUserPage } from '@burti/shared';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { adminKeys } from './admin-keys';

const setUserBlockedCall = endpoint('setUserBlocked', 'POST', '/api/admin/users/:userId/block');
const setUserAdminCall = endpoint('setUserAdmin', 'POST', '/api/admin/users/:userId/admin');

export function setUserBlocked({ userId, blocked, note }: { userId: string; blocked: boolean; note?: string }) {
  return call(setUserBlockedCall, { params: { userId }, body: { blocked, note } });
}

export function setUserAdmin({ userId, isAdmin, note }: { userId: string; isAdmin: boolean; note?: string }) {
  return call(setUserAdminCall, { params: { userId }, body: { isAdmin, note } });
}

/** Puts the server's answer into every cached user list, then refreshes the counts and the log. */
function applyUser(queryClient: QueryClient, user: AdminUser) {
  queryClient.setQueriesData<InfiniteData<AdminUserPage>>({ queryKey: adminKeys.users() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            users: page.users.map((u) => (u.id === user.id ? user : u)),
          })),
        }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
}

export function useSetUserBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBlocked,
    onSuccess: ({ user }) => applyUser(queryClient, user),
  });
}

export function useSetUserAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserAdmin,
    onSuccess: ({ user }) => applyUser(queryClient, user),
  });
}
