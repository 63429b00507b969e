import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toaster';
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
 * refreshes the moment someone likes, comments or follows, without reloading. A match alert the fan asked for
 * (kick-off, goal, red card, full time; worded by the server in the fan's language, without the score for a
 * match held in spoiler mode) shows as a toast that opens the match. The stream carries the session the way
 * every request does (cookie or bearer, lib/session.ts) and reconnects by itself.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (!enabled) return;
    return openEventStream('/api/notifications/stream', ['notification', 'unread', 'match_alert'], (_name, data) => {
      void readNotificationEvent(data).then((event) => {
        if (event.kind === 'match_alert') {
          const { alert } = event;
          toast.info(alert.title, {
            description: alert.body,
            action: { label: t('matches.openMatch'), onClick: () => void navigate(`/match/${alert.matchId}`) },
          });
          return;
        }
        queryClient.setQueryData(notificationKeys.unread, event.unreadCount);
        if (event.kind === 'notification') void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      });
    });
  }, [enabled, queryClient, navigate, t]);
}
