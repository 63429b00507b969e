import type { AdminUser, AdminUserPage, AdminUserResponse } from '@burti/shared';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export function setUserBlocked({ userId, blocked, note }: { userId: string; blocked: boolean; note?: string }) {
  return api<AdminUserResponse>('POST', `/api/admin/users/${encodeURIComponent(userId)}/block`, { blocked, note });
}

export function setUserAdmin({ userId, isAdmin, note }: { userId: string; isAdmin: boolean; note?: string }) {
  return api<AdminUserResponse>('POST', `/api/admin/users/${encodeURIComponent(userId)}/admin`, { isAdmin, note });
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
