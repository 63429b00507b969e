import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { notificationKeys } from './notification-keys';

const listNotifications = endpoint('listNotifications', 'GET', '/api/notifications');

export function useNotifications() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: async () => {
      const answer = await call(listNotifications, {});
      // The list carries the unread count too: a fresh answer from the server sets the badge. Only a fresh one:
      // copying the cached list's count on every render would put back a count that a read has since lowered.
      queryClient.setQueryData(notificationKeys.unread, answer.unreadCount);
      return answer;
    },
  });
}
