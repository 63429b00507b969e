import { formatDate, formatDateTime } from './format';
import i18n from './i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * A short relative time with the spec's 'ago' suffix: 'just now', '5m ago', '3h ago', '2d ago'; from a week
 * on, the date itself ('Nov 3', or 'Nov 3, 2025' in another year). Future times (clock skew) read 'just now'.
 */
export function timeAgo(date: string | Date, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return i18n.t('time.justNow');
  if (elapsed < HOUR) return i18n.t('time.minutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return i18n.t('time.hours', { count: Math.floor(elapsed / HOUR) });
  if (elapsed < WEEK) return i18n.t('time.days', { count: Math.floor(elapsed / DAY) });
  return formatDate(then, { withYear: then.getFullYear() !== now.getFullYear() });
}

/** The full date and time, for a tooltip beside the relative one. */
export function fullDate(date: string | Date): string {
  return formatDateTime(date);
}
