import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, endpoint, readNotificationEvent } from '../../../lib/api';
import { openEventStream } from '../../../lib/event-stream';
import { notificationKeys } from './notification-keys';

const getUnreadCount = endpoint('getUnreadCount', 'GET', '/api/notifications/unread-count');

/** The unread count for the navigation badge; kept live by the event stream. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await call(getUnreadCount, {})).unreadCount,
    enabled,
    staleTime: Infinity,
  });
}

/**
 * Listens to the server's notification stream while a fan is signed in: the badge rises and the list
 * refreshes the moment someone likes, comments or follows, without reloading. The stream carries the session
 * the way every request does (cookie or bearer, lib/session.ts) and reconnects by itself.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return openEventStream('/api/notifications/stream', ['notification', 'unread'], (_name, data) => {
      void readNotificationEvent(data).then((event) => {
        // Match alerts (`match_alert`, not listened to here) carry no count.
        if (event.kind === 'match_alert') return;
        queryClient.setQueryData(notificationKeys.unread, event.unreadCount);
        if (event.kind === 'notification') void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      });
    });
  }, [enabled, queryClient]);
}
