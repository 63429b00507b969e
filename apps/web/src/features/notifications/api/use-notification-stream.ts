import type { NotificationEvent, UnreadCountResponse } from '@burti/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiBase, apiGet } from '../../../lib/api';
import { notificationKeys } from './notification-keys';

/** The unread count for the navigation badge; kept live by the event stream. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await apiGet<UnreadCountResponse>('/api/notifications/unread-count')).unreadCount,
    enabled,
    staleTime: Infinity,
  });
}

/**
 * Listens to the server's notification stream while a fan is signed in: the badge rises and the list
 * refreshes the moment someone likes, comments or follows, without reloading. EventSource reconnects by itself.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${apiBase}/api/notifications/stream`, { withCredentials: true });
    const onEvent = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as NotificationEvent;
      queryClient.setQueryData(notificationKeys.unread, event.unreadCount);
      if (event.kind === 'notification') void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    };
    source.addEventListener('notification', onEvent);
    source.addEventListener('unread', onEvent);
    return () => source.close();
  }, [enabled, queryClient]);
}
