import { localName, type MatchSummary } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { isLive } from '../lib/match-format';
import { MatchStatus } from './match-status';
import { TeamBadge } from './team-badge';

/** One fixture or result in a list: both teams, the score (or kick-off time) and status; opens the match. */
export function MatchRow({ match, clubId }: { match: MatchSummary; clubId: number }) {
  const { t, i18n } = useTranslation();
  const home = localName(match.home, i18n.language);
  const away = localName(match.away, i18n.language);
  const hidden = match.spoilerHidden === true;
  const score = hidden
    ? t('matches.spoiler.hiddenScore')
    : match.score
      ? `${match.score.home} – ${match.score.away}`
      : null;
  const status = match.status === 'scheduled' ? null : t(`matches.status.${match.status}`);
  const label = [t('matches.versus', { home, away }), score, status].filter(Boolean).join(', ');
  return (
    <li>
      <Link
        to={`/match/${encodeURIComponent(match.id)}`}
        aria-label={label}
        className="grid min-h-14 grid-cols-[1fr_auto] items-center gap-3 border-b border-border bg-card px-4 py-2 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <span className="flex min-w-0 flex-col gap-1">
          {[
            { team: match.home, name: home, goals: hidden ? '–' : match.score?.home },
            { team: match.away, name: away, goals: hidden ? '–' : match.score?.away },
          ].map(({ team, name, goals }) => (
            <span key={team.id} className="flex items-center gap-2">
              <TeamBadge team={team} size="sm" />
              <span className={cn('min-w-0 flex-1 truncate text-sm', team.clubId === clubId && 'font-semibold')}>
                {name}
              </span>
              {goals !== undefined && <span className="text-sm font-bold tabular-nums">{goals}</span>}
            </span>
          ))}
        </span>
        <span className={cn('flex min-w-14 justify-end', isLive(match) && 'font-semibold')}>
          <MatchStatus match={match} />
        </span>
      </Link>
    </li>
  );
}
