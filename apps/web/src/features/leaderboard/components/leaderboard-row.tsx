import type { LeaderboardRow as Row } from '@burti/shared';
import { Heart, MessageCircle, Repeat2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { GoalBadge } from '../../../components/ui/goal-badge';
import { cn } from '../../../lib/cn';
import { RankBadge } from './rank-badge';

function Count({ icon: Icon, value, label }: { icon: typeof Heart; value: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true" className="tabular-nums">
        {value}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** One fan on the board: place, who, what their posts received, and the score. */
export function LeaderboardRow({ row, isViewer, className }: { row: Row; isViewer: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={cn('flex items-center gap-3 px-4 py-3', isViewer && 'bg-brand/5', className)}
      data-testid="leaderboard-row"
    >
      <RankBadge rank={row.rank} />
      <UserAvatar src={row.avatarUrl} name={row.nickname} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={`/u/${row.userId}`}
            className="min-w-0 truncate font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {row.nickname}
          </Link>
          {isViewer && <Badge variant="brand">{t('leaderboard.you')}</Badge>}
          {row.goalBalance > 0 && <GoalBadge amount={row.goalBalance} />}
        </div>
        <div className="mt-1 flex items-center gap-3 text-xs text-muted-foreground">
          <Count icon={Heart} value={row.likes} label={t('leaderboard.likes', { count: row.likes })} />
          <Count icon={MessageCircle} value={row.comments} label={t('leaderboard.comments', { count: row.comments })} />
          <Count icon={Repeat2} value={row.shares} label={t('leaderboard.shares', { count: row.shares })} />
        </div>
      </div>
      <div className="shrink-0 text-right">
        <span className="block text-lg font-bold tabular-nums leading-tight">{row.score}</span>{' '}
        <span className="block text-xs text-muted-foreground">{t('leaderboard.pointsUnit', { count: row.score })}</span>
      </div>
    </div>
  );
}
