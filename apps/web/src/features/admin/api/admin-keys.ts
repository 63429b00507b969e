import type { ReportStatus } from '@burti/shared';

/** Every admin query's key comes from here; `admin` as the prefix reaches them all after a moderation action. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  reports: () => ['admin', 'reports'] as const,
  reportList: (status: ReportStatus) => ['admin', 'reports', status] as const,
  users: () => ['admin', 'users'] as const,
  userList: (query: string) => ['admin', 'users', query] as const,
  audit: () => ['admin', 'audit'] as const,
  settings: () => ['admin', 'settings'] as const,
};
