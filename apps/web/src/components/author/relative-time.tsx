import { fullDate, timeAgo } from '../../lib/time-ago';

/** "5m ago", with the full date and time as its tooltip and machine-readable value. */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} title={fullDate(date)} className={className}>
      {timeAgo(date)}
    </time>
  );
}
