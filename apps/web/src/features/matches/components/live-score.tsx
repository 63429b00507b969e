import type { MatchState } from '@burti/shared';
import { EyeOff } from 'lucide-react';
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
  if (match.spoilerHidden) return <HiddenScore className={className} />;
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

const HIDDEN_SCORE = '– : –';

/**
 * The score of a match the fan holds in spoiler mode: "– : –" with a closed eye, said as "Score hidden until
 * you've watched" (and never a status that gives the result away, such as full time).
 */
export function HiddenScore({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('matches.spoiler.hiddenScore')}
      className={cn('inline-flex items-center gap-1.5 font-bold tabular-nums text-muted-foreground', className)}
    >
      <EyeOff aria-hidden="true" className="size-[0.6em] shrink-0" />
      <span aria-hidden="true">{HIDDEN_SCORE}</span>
    </span>
  );
}
