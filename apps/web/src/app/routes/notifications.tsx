import type { Notification } from '@burti/shared';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toaster';
import { useNotifications } from '../../features/notifications/api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../../features/notifications/api/mark-read';
import { useUnreadCount } from '../../features/notifications/api/use-notification-stream';
import { NotificationItem } from '../../features/notifications/components/notification-item';

export function NotificationsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  // The heading shows the badge's count: one number, lowered at once by a read and kept live by the stream
  // (filled by the list's answer, so it asks the server nothing of its own).
  const { data: unreadCount } = useUnreadCount(false);

  useEffect(() => {
    if (isError) toast.error(t('app.error'), { description: t('notifications.loadFailed') });
  }, [isError, t]);

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    if (notification.postId) void navigate(`/post/${notification.postId}`);
    else if (notification.type === 'follow' && notification.actor)
      void navigate(`/profile/${encodeURIComponent(notification.actor.nickname)}`);
  };

  const unread = unreadCount ?? data?.unreadCount ?? 0;
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 py-1">
            {t('notifications.title')}
            {unread > 0 && <Badge variant="brand">{t('notifications.unreadCount', { count: unread })}</Badge>}
          </span>
        }
        actions={
          unread > 0 && (
            <Button
              variant="ghost"
              size="sm"
              // Two lines rather than a cut title on a 320 px phone ("ყველა წაკითხულად" is long).
              className="max-w-34"
              isLoading={markAllRead.isPending}
              onClick={() =>
                markAllRead.mutate(undefined, {
                  onSuccess: () => toast.success(t('notifications.allRead')),
                  onError: (error) => toast.error(t('app.error'), { description: error.message }),
                })
              }
            >
              {t('notifications.markAllRead')}
            </Button>
          )
        }
      />
      {isPending ? (
        <ul aria-busy="true" className="flex flex-col">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="flex items-center gap-3 border-b border-border px-4 py-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-16" />
              </div>
            </li>
          ))}
        </ul>
      ) : isError ? (
        <EmptyState
          icon={Bell}
          title={t('notifications.loadFailed')}
          action={<Button onClick={() => void refetch()}>{t('app.retry')}</Button>}
        />
      ) : data.notifications.length === 0 ? (
        <EmptyState icon={Bell} title={t('notifications.emptyTitle')} message={t('notifications.emptyMessage')} />
      ) : (
        <ul>
          {data.notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
