import { sharedKeys } from '../../../lib/query-keys';

export const notificationKeys = {
  all: sharedKeys.notifications,
  list: [...sharedKeys.notifications, 'list'] as const,
  unread: [...sharedKeys.notifications, 'unread'] as const,
};
