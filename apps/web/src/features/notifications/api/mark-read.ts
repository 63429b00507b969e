import type { NotificationListResponse } from '@burti/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { notificationKeys } from './notification-keys';

const readNotification = endpoint('readNotification', 'POST', '/api/notifications/:notificationId/read');
const readAllNotifications = endpoint('readAllNotifications', 'POST', '/api/notifications/read-all');

type Snapshot = { list: NotificationListResponse | undefined; unread: number | undefined };

/**
 * Marks the matching notifications read in the cached list and lowers both unread counts (the list's and the
 * badge's) by as many as turned read, at once: the badge and the heading must not wait for the server.
 * Returns what was there before, for a rollback if the server refuses.
 */
async function markInCache(queryClient: QueryClient, match: (id: string) => boolean, all: boolean): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  const before: Snapshot = {
    list: queryClient.getQueryData<NotificationListResponse>(notificationKeys.list),
    unread: queryClient.getQueryData<number>(notificationKeys.unread),
  };
  const readAt = new Date().toISOString();
  const turned = before.list?.notifications.filter((n) => match(n.id) && !n.readAt).length ?? 0;
  // A notification not in the loaded page still counts one when it is opened from elsewhere (a push, a link).
  const lowerBy = all ? Infinity : Math.max(turned, 1);
  const lower = (count: number) => Math.max(0, count - lowerBy);
  if (before.list) {
    queryClient.setQueryData<NotificationListResponse>(notificationKeys.list, {
      ...before.list,
      unreadCount: lower(before.list.unreadCount),
      notifications: before.list.notifications.map((n) => (match(n.id) && !n.readAt ? { ...n, readAt } : n)),
    });
  }
  if (before.unread !== undefined) queryClient.setQueryData(notificationKeys.unread, lower(before.unread));
  return before;
}

function rollback(queryClient: QueryClient, before: Snapshot | undefined) {
  if (!before) return;
  queryClient.setQueryData(notificationKeys.list, before.list);
  queryClient.setQueryData(notificationKeys.unread, before.unread);
}

/** The server's count after a read is the truth: both the badge and the list's heading take it. */
function settleCount(queryClient: QueryClient, unreadCount: number) {
  queryClient.setQueryData(notificationKeys.unread, unreadCount);
  queryClient.setQueryData<NotificationListResponse>(notificationKeys.list, (data) =>
    data ? { ...data, unreadCount } : data,
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(readNotification, { params: { notificationId: id } }),
    onMutate: (id) => markInCache(queryClient, (other) => other === id, false),
    onError: (_error, _id, before) => rollback(queryClient, before),
    onSuccess: ({ unreadCount }) => settleCount(queryClient, unreadCount),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(readAllNotifications, {}),
    onMutate: () => markInCache(queryClient, () => true, true),
    onError: (_error, _vars, before) => rollback(queryClient, before),
    onSuccess: ({ unreadCount }) => settleCount(queryClient, unreadCount),
  });
}
