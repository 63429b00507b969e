import type { NotificationListResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { notificationKeys } from './notification-keys';

const readNotification = endpoint('readNotification', 'POST', '/api/notifications/:notificationId/read');
const readAllNotifications = endpoint('readAllNotifications', 'POST', '/api/notifications/read-all');

function markInList(queryClient: ReturnType<typeof useQueryClient>, match: (id: string) => boolean) {
  const readAt = new Date().toISOString();
  queryClient.setQueryData<NotificationListResponse>(notificationKeys.list, (data) =>
    data
      ? { ...data, notifications: data.notifications.map((n) => (match(n.id) && !n.readAt ? { ...n, readAt } : n)) }
      : data,
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(readNotification, { params: { notificationId: id } }),
    onMutate: (id) => markInList(queryClient, (other) => other === id),
    onSuccess: ({ unreadCount }) => queryClient.setQueryData(notificationKeys.unread, unreadCount),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(readAllNotifications, {}),
    onSuccess: () => {
      markInList(queryClient, () => true);
      queryClient.setQueryData(notificationKeys.unread, 0);
    },
  });
}
