import { localName, type MatchSummary } from '@burti/shared';
import { ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClubNextMatch } from '../api/get-club-next-match';
import { useMatchLive } from '../api/use-match-live';
import { formatKickoff, isLive } from '../lib/match-format';
import { HiddenScore, LiveScore } from './live-score';
import { MatchStatus } from './match-status';
import { SpoilerToggle } from './spoiler-toggle';
import { TeamBadge } from './team-badge';

/**
 * The fan's club's next match (or the one on now) above the Feed and the Club screen: both teams, the kick-off
 * in Tbilisi time, and while it is on the score and minute, kept live by the match's stream. Nothing at all when
 * no match is scheduled or it cannot be loaded: the screen below it is what the fan came for.
 */
export function NextMatchCard({ clubId }: { clubId: number }) {
  const { data: match, isPending } = useClubNextMatch(clubId);
  if (isPending) return <NextMatchSkeleton />;
  if (!match) return null;
  return <NextMatch match={match} />;
}

function NextMatch({ match }: { match: MatchSummary }) {
  const { t, i18n } = useTranslation();
  const live = isLive(match);
  // Watched while it is on (and from shortly before kick-off, when it may start at any moment).
  const soon = useKickoffNear(match.kickoffAt) && match.status === 'scheduled';
  useMatchLive(match.id, { enabled: live || soon, held: match.spoilerHidden === true });
  const home = localName(match.home, i18n.language);
  const away = localName(match.away, i18n.language);
  const competition =
    i18n.language === 'ka' && match.competition.nameKa ? match.competition.nameKa : match.competition.name;
  return (
    <section aria-labelledby={`next-match-${match.id}`} className="border-b border-border bg-card px-4 py-3">
      <div className="mb-2 flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <h2 id={`next-match-${match.id}`} className="font-semibold uppercase tracking-wide">
          {live ? t('matches.liveNow') : t('matches.nextMatch')}
        </h2>
        <span className="truncate">{competition}</span>
      </div>
      <Link
        to={`/match/${encodeURIComponent(match.id)}`}
        aria-label={`${t('matches.openMatch')}: ${t('matches.versus', { home, away })}`}
        className="grid grid-cols-[1fr_auto_1fr_auto] items-center gap-2 rounded-lg py-1 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="flex min-w-0 flex-col items-center gap-1 text-center">
          <TeamBadge team={match.home} />
          <span className="break-words text-sm font-semibold">{home}</span>
        </span>
        <span className="flex min-w-16 flex-col items-center">
          {match.spoilerHidden ? (
            <HiddenScore className="text-xl" />
          ) : match.score ? (
            <LiveScore match={match} home={home} away={away} className="text-xl" />
          ) : (
            <span className="text-sm font-bold text-muted-foreground">–</span>
          )}
          <MatchStatus match={match} size="xs" />
        </span>
        <span className="flex min-w-0 flex-col items-center gap-1 text-center">
          <TeamBadge team={match.away} />
          <span className="break-words text-sm font-semibold">{away}</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
      </Link>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-2">
        <p className="min-w-0 text-xs text-muted-foreground">
          {match.status === 'scheduled' && (
            <>
              <time dateTime={match.kickoffAt}>{formatKickoff(match.kickoffAt)}</time>
              {match.venue && <> · {match.venue}</>}
            </>
          )}
        </p>
        <SpoilerToggle match={match} compact className="-mr-2 ml-auto" />
      </div>
    </section>
  );
}

const WATCH_BEFORE_KICKOFF_MS = 30 * 60_000;
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** True from half an hour before the kick-off on (turning true by itself when that time comes). */
function useKickoffNear(kickoffAt: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const wait = Date.parse(kickoffAt) - WATCH_BEFORE_KICKOFF_MS - Date.now();
    if (wait > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => setNear(true), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [kickoffAt]);
  return near;
}

function NextMatchSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-center justify-center gap-4 border-b border-border bg-card px-4 py-5">
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-6 w-12" />
      <Skeleton className="h-8 w-24" />
    </div>
  );
}
