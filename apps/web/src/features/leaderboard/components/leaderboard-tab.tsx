import { DEFAULT_LEADERBOARD_WINDOW, type Club, type LeaderboardWindow } from '@burti/shared';
import { Trophy } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { useMe } from '../../auth/api/get-me';
import { useBoardClubs } from '../api/get-board-clubs';
import { useLeaderboard } from '../api/get-leaderboard';
import { ClubSelect } from './club-select';
import { LeaderboardRow } from './leaderboard-row';
import { PeriodToggle } from './period-toggle';

/** The 'Your Rank' card appears when the viewer ranks below the first ten. */
export const YOUR_RANK_CARD_ABOVE = 10;

/** The viewer's own club first (so the first, preselected club is theirs), then every club by name. */
export function clubsForViewer(clubs: Club[], ownClubId: number | undefined): Club[] {
  const own = clubs.find((club) => club.id === ownClubId);
  return own ? [own, ...clubs.filter((club) => club !== own)] : clubs;
}

function BoardSkeleton() {
  return (
    <div className="flex flex-col divide-y divide-border">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="h-6 w-9" />
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="h-8 w-12" />
        </div>
      ))}
    </div>
  );
}

/** The Feed screen's Leaderboard tab: a club, a period, and the fans ranked by what their posts received. */
/** `clubId`: one club's board (a club's page), without the club picker. */
export function LeaderboardTab({ clubId: fixedClubId }: { clubId?: number } = {}) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const clubsQuery = useBoardClubs();
  const [chosenClubId, setChosenClubId] = useState<number>();
  const [period, setPeriod] = useState<LeaderboardWindow>(DEFAULT_LEADERBOARD_WINDOW);
  const clubs = useMemo(
    () => clubsForViewer(clubsQuery.data ?? [], me?.primaryClub?.id),
    [clubsQuery.data, me?.primaryClub?.id],
  );
  const clubId = fixedClubId ?? chosenClubId ?? clubs[0]?.id;
  const board = useLeaderboard(clubId, period);

  useEffect(() => {
    if (board.isError)
      toast.error(t('leaderboard.loadFailed'), { id: 'leaderboard-load', description: board.error.message });
  }, [board.isError, board.error, t]);
  useEffect(() => {
    if (clubsQuery.isError) toast.error(t('leaderboard.clubsFailed'), { id: 'leaderboard-clubs' });
  }, [clubsQuery.isError, t]);

  const viewerRow = board.data?.viewer;
  const isLoading = (fixedClubId === undefined && clubsQuery.isPending) || (clubId !== undefined && board.isPending);

  return (
    <section aria-label={t('leaderboard.title')} className="flex flex-col">
      <div className="flex flex-col gap-3 border-b border-border p-4">
        {fixedClubId !== undefined ? null : clubsQuery.data ? (
          <ClubSelect clubs={clubs} value={clubId} onChange={setChosenClubId} label={t('leaderboard.clubLabel')} />
        ) : (
          <Skeleton className="h-11 w-full" />
        )}
        <PeriodToggle value={period} onChange={setPeriod} />
        <p className="text-xs text-muted-foreground">{t('leaderboard.scoring')}</p>
      </div>

      {isLoading ? (
        <div aria-busy="true">
          <span className="sr-only" role="status">
            {t('leaderboard.loading')}
          </span>
          <BoardSkeleton />
        </div>
      ) : board.isError && !board.data ? (
        <EmptyState
          icon={Trophy}
          title={t('leaderboard.loadFailed')}
          message={t('leaderboard.loadFailedMessage')}
          action={
            <Button variant="outline" onClick={() => void board.refetch()}>
              {t('leaderboard.retry')}
            </Button>
          }
        />
      ) : board.data && board.data.rows.length === 0 ? (
        <EmptyState icon={Trophy} title={t('leaderboard.emptyTitle')} message={t('leaderboard.emptyMessage')} />
      ) : board.data ? (
        <div className={cn('flex flex-col transition-opacity', board.isPlaceholderData && 'opacity-60')}>
          {viewerRow && viewerRow.rank > YOUR_RANK_CARD_ABOVE && (
            <Card className="m-4 overflow-hidden border-brand/40" aria-label={t('leaderboard.yourRank')} role="region">
              <h3 className="px-4 pt-3 text-xs font-semibold uppercase tracking-wide text-brand">
                {t('leaderboard.yourRank')}
              </h3>
              <LeaderboardRow row={viewerRow} isViewer />
            </Card>
          )}
          <ol aria-label={t('leaderboard.title')} className="flex flex-col divide-y divide-border">
            {board.data.rows.map((row) => (
              <li key={row.userId}>
                <LeaderboardRow row={row} isViewer={row.userId === me?.id} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
