import type { MatchState } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { formatKickoff, formatKickoffTime, isLive, matchMinute } from '../lib/match-format';

/**
 * Where a match stands, in words: the minute with a pulsing dot while it is on, "Half-time", "Full time",
 * "Postponed"…, or the kick-off time before it starts.
 */
export function MatchStatus({
  match,
  withDay = false,
  size = 'sm',
  className,
}: {
  match: MatchState;
  /** Before kick-off: the day as well as the time. */
  withDay?: boolean;
  size?: 'xs' | 'sm';
  className?: string;
}) {
  const { t } = useTranslation();
  const minute = matchMinute(match, t);
  if (match.status === 'scheduled') {
    return (
      <span className={cn(size === 'xs' ? 'text-xs' : 'text-sm', 'text-muted-foreground tabular-nums', className)}>
        <time dateTime={match.kickoffAt}>
          {withDay ? formatKickoff(match.kickoffAt) : formatKickoffTime(match.kickoffAt)}
        </time>
      </span>
    );
  }
  const live = isLive(match);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 font-semibold tabular-nums',
        size === 'xs' ? 'text-xs' : 'text-sm',
        live ? 'text-brand' : match.status === 'finished' ? 'text-muted-foreground' : 'text-danger',
        className,
      )}
    >
      {live && <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-current" />}
      {minute ?? t(`matches.status.${match.status}`)}
    </span>
  );
}
