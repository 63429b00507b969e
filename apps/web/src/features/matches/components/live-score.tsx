import type { MatchState } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { cn } from '../../../lib/cn';
import { isLive } from '../lib/match-format';

/**
 * The score as the eye sees it ("2 – 1"), and for screen readers a polite live region that speaks only when the
 * score or the status changes ("Dinamo 2, Torpedo 1"), never each minute.
 */
export function LiveScore({
  match,
  home,
  away,
  className,
}: {
  match: MatchState;
  home: string;
  away: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const spoken = match.score
    ? `${t('matches.scoreSpoken', { home, homeScore: match.score.home, away, awayScore: match.score.away })}${
        isLive(match) ? '' : `. ${t(`matches.status.${match.status}`)}`
      }`
    : t(`matches.status.${match.status}`);
  return (
    <>
      <span aria-hidden="true" className={cn('font-bold tabular-nums', className)}>
        {match.score ? `${match.score.home} – ${match.score.away}` : '–'}
      </span>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {spoken}
      </VisuallyHidden>
    </>
  );
}
