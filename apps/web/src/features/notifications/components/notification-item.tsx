import type { Notification } from '@burti/shared';
import { AtSign, Heart, MessageCircle, Repeat2, UserPlus, Bell, Reply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { timeAgo } from '../../../lib/time-ago';

const icons: Record<string, typeof Heart> = {
  like: Heart,
  comment: MessageCircle,
  reply: Reply,
  reply_on_post: Reply,
  follow: UserPlus,
  share: Repeat2,
  mention: AtSign,
};
const knownTypes = new Set(Object.keys(icons));

export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
}) {
  const { t } = useTranslation();
  const Icon = icons[notification.type] ?? Bell;
  const nickname = notification.actor?.nickname ?? t('notifications.someone');
  const type = knownTypes.has(notification.type) ? notification.type : 'other';
  // A group reads "nika_10 and 37 others liked your post".
  const others = notification.actorCount - 1;
  const text =
    others > 0
      ? t(`notifications.groups.${type}`, { nickname, count: others })
      : t(`notifications.types.${type}`, { nickname });
  const unread = !notification.readAt;
  return (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      className={cn(
        'flex w-full items-start gap-3 border-b border-border px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        unread && 'bg-brand/5',
      )}
    >
      <span className="relative shrink-0">
        <UserAvatar src={notification.actor?.avatarUrl} name={nickname} size="md" />
        <span className="absolute -bottom-1 -right-1 flex size-5 items-center justify-center rounded-full bg-card text-brand shadow">
          <Icon aria-hidden="true" className="size-3" />
        </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[15px]">{text}</span>
        {notification.preview && (
          <span className="block truncate text-sm text-muted-foreground" dir="auto">
            {notification.preview}
          </span>
        )}
        <span className="text-sm text-muted-foreground">{timeAgo(notification.createdAt)}</span>
      </span>
      {unread && (
        <span className="mt-2 size-2.5 shrink-0 rounded-full bg-brand">
          <span className="sr-only">{t('notifications.unread')}</span>
        </span>
      )}
    </button>
  );
}
