import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

const MEDALS = { 1: '🥇', 2: '🥈', 3: '🥉' } as const;

function isMedal(rank: number): rank is keyof typeof MEDALS {
  return rank === 1 || rank === 2 || rank === 3;
}

/** A medal for the first three places, `#n` below them. */
export function RankBadge({ rank, className }: { rank: number; className?: string }) {
  const { t } = useTranslation();
  if (isMedal(rank)) {
    return (
      <span
        role="img"
        aria-label={t(`leaderboard.medal${rank}`)}
        className={cn('inline-flex w-9 shrink-0 justify-center text-2xl leading-none', className)}
      >
        {MEDALS[rank]}
      </span>
    );
  }
  return (
    <span
      className={cn(
        'inline-flex w-9 shrink-0 justify-center text-sm font-bold tabular-nums text-muted-foreground',
        className,
      )}
    >
      <span aria-hidden="true">{`#${rank}`}</span>
      <span className="sr-only">{t('leaderboard.rankLabel', { rank })}</span>
    </span>
  );
}
