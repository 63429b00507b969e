import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, endpoint } from '../../../lib/api';
import { notificationKeys } from './notification-keys';

const listNotifications = endpoint('listNotifications', 'GET', '/api/notifications');

export function useNotifications() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.list,
    queryFn: () => call(listNotifications, {}),
  });
  // The list carries the unread count too; keep the badge in step with it.
  useEffect(() => {
    if (query.data) queryClient.setQueryData(notificationKeys.unread, query.data.unreadCount);
  }, [query.data, queryClient]);
  return query;
}
