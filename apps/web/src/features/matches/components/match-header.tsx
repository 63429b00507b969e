import { localName, type MatchDetail } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { formatKickoff } from '../lib/match-format';
import { LiveScore } from './live-score';
import { MatchStatus } from './match-status';
import { TeamBadge } from './team-badge';

/** The match page's head: both teams with badges, the score, status and minute (live), competition and kick-off. */
export function MatchHeader({ match }: { match: MatchDetail }) {
  const { t, i18n } = useTranslation();
  const home = localName(match.home, i18n.language);
  const away = localName(match.away, i18n.language);
  const competition =
    i18n.language === 'ka' && match.competition.nameKa ? match.competition.nameKa : match.competition.name;
  const extras = [
    match.halfTimeScore && match.status !== 'half_time'
      ? t('matches.halfTimeScore', { home: match.halfTimeScore.home, away: match.halfTimeScore.away })
      : null,
    match.extraTimeScore
      ? t('matches.extraTimeScore', { home: match.extraTimeScore.home, away: match.extraTimeScore.away })
      : null,
    match.penalties ? t('matches.penaltiesScore', { home: match.penalties.home, away: match.penalties.away }) : null,
  ].filter(Boolean);
  return (
    <section aria-label={t('matches.versus', { home, away })} className="border-b border-border bg-card px-4 py-4">
      <p className="mb-3 text-center text-xs text-muted-foreground">
        {competition}
        {match.round && <> · {t('matches.round', { round: match.round })}</>}
      </p>
      <div className="grid grid-cols-[1fr_auto_1fr] items-start gap-3">
        <div className="flex min-w-0 flex-col items-center gap-2 text-center">
          <TeamBadge team={match.home} size="lg" />
          <h2 className="break-words text-sm font-bold sm:text-base">{home}</h2>
        </div>
        <div className="flex min-w-20 flex-col items-center gap-1 pt-1">
          <LiveScore match={match} home={home} away={away} className="text-3xl sm:text-4xl" />
          <MatchStatus match={match} />
        </div>
        <div className="flex min-w-0 flex-col items-center gap-2 text-center">
          <TeamBadge team={match.away} size="lg" />
          <h2 className="break-words text-sm font-bold sm:text-base">{away}</h2>
        </div>
      </div>
      {extras.length > 0 && <p className="mt-2 text-center text-xs text-muted-foreground">{extras.join(' · ')}</p>}
      <p className="mt-2 text-center text-xs text-muted-foreground">
        <span className="sr-only">{t('matches.kickoffLabel')}: </span>
        <time dateTime={match.kickoffAt}>{formatKickoff(match.kickoffAt)}</time>
        {match.venue && <> · {match.venue}</>}
      </p>
    </section>
  );
}
