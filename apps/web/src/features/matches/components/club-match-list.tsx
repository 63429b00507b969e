import type { MatchSummary } from '@burti/shared';
import { AlertTriangle, CalendarDays, Trophy } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api';
import { useClubMatches, type ClubMatchesKind } from '../api/get-club-matches';
import { formatMatchDay, matchDayKey } from '../lib/match-format';
import { MatchRow } from './match-row';

/** The club's fixtures or results, a page at a time, under a heading for each day (in Tbilisi time). */
export function ClubMatchList({ clubId, kind }: { clubId: number; kind: ClubMatchesKind }) {
  const { t } = useTranslation();
  const query = useClubMatches(clubId, kind);
  const days = useMemo(() => {
    const groups: { key: string; label: string; matches: MatchSummary[] }[] = [];
    for (const match of query.data?.pages.flatMap((page) => page.matches) ?? []) {
      const key = matchDayKey(match.kickoffAt);
      const last = groups.at(-1);
      if (last?.key === key) last.matches.push(match);
      else groups.push({ key, label: formatMatchDay(match.kickoffAt), matches: [match] });
    }
    return groups;
  }, [query.data]);

  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2 p-4">
        <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title={t('matches.loadFailed')}
        message={query.error instanceof ApiError ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t('app.retry')}</Button>}
      />
    );
  }
  if (days.length === 0) {
    return kind === 'upcoming' ? (
      <EmptyState icon={CalendarDays} title={t('matches.noFixturesTitle')} message={t('matches.noFixturesMessage')} />
    ) : (
      <EmptyState icon={Trophy} title={t('matches.noResultsTitle')} message={t('matches.noResultsMessage')} />
    );
  }
  return (
    <div>
      {days.map((day) => (
        <section key={day.key} aria-label={day.label}>
          <h3 className="bg-muted px-4 py-1.5 text-xs font-semibold text-muted-foreground">{day.label}</h3>
          <ul>
            {day.matches.map((match) => (
              <MatchRow key={match.id} match={match} clubId={clubId} />
            ))}
          </ul>
        </section>
      ))}
      {query.hasNextPage && (
        <div className="flex justify-center p-4">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t('app.loading') : t('matches.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
