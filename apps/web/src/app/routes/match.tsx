import { localName } from '@burti/shared';
import { AlertTriangle, FileQuestion } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { VisuallyHidden } from '../../components/ui/visually-hidden';
import { useMatch } from '../../features/matches/api/get-match';
import { useMatchLive } from '../../features/matches/api/use-match-live';
import { MatchHeader } from '../../features/matches/components/match-header';
import { MatchLineups } from '../../features/matches/components/match-lineups';
import { MatchTimeline } from '../../features/matches/components/match-timeline';
import { SpoilerPanel } from '../../features/matches/components/spoiler-toggle';
import { ApiError } from '../../lib/api';
import { loadNamespaces } from '../../lib/i18n';
import { MatchThread } from './match-thread';

const MatchAlerts = lazy(() =>
  Promise.all([import('../../features/matches/components/match-alerts'), loadNamespaces('matchAlerts')]).then(
    ([m]) => ({ default: m.MatchAlerts }),
  ),
);

/** /match/:matchId: the live match centre and its thread, kept current by the match's stream. */
export function MatchRoute() {
  const { t, i18n } = useTranslation();
  const { matchId = '' } = useParams();
  const { data: match, error, refetch } = useMatch(matchId);
  const { newPosts, showNewPosts } = useMatchLive(matchId, {
    enabled: match !== undefined,
    held: match?.spoilerHidden === true,
  });

  let body;
  if (match) {
    body = (
      <>
        <MatchHeader match={match} />
        <SpoilerPanel match={match} />
        <Suspense fallback={null}>
          <MatchAlerts match={match} />
        </Suspense>
        <MatchTimeline match={match} />
        <MatchLineups match={match} />
        <MatchThread match={match} newPosts={newPosts} onShowNewPosts={showNewPosts} />
      </>
    );
  } else if (error) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    body = notFound ? (
      <EmptyState
        icon={FileQuestion}
        title={t('matches.notFoundTitle')}
        message={t('matches.notFoundMessage')}
        action={
          <Button asChild>
            <Link to="/club">{t('nav.club')}</Link>
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={AlertTriangle}
        title={t('matches.loadMatchFailed')}
        message={error instanceof ApiError ? error.message : undefined}
        action={<Button onClick={() => void refetch()}>{t('app.retry')}</Button>}
      />
    );
  } else {
    body = (
      <div aria-busy="true" className="flex flex-col items-center gap-3 bg-card px-4 py-6">
        <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
        <Skeleton className="h-3 w-40" />
        <div className="flex items-center gap-6">
          <Skeleton className="size-12 rounded-full" />
          <Skeleton className="h-9 w-20" />
          <Skeleton className="size-12 rounded-full" />
        </div>
        <Skeleton className="h-3 w-32" />
      </div>
    );
  }

  const title = match
    ? t('matches.versus', { home: localName(match.home, i18n.language), away: localName(match.away, i18n.language) })
    : t('matches.pageTitle');
  return (
    <>
      <PageHeader title={title} back={true} />
      {body}
    </>
  );
}
