import type { MatchSummary } from '@burti/shared';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useMatchSpoiler } from '../api/match-spoiler';

/**
 * Spoiler mode's switch (decision 025): "Hold until I've watched" hides the match's score from this fan on every
 * card, the match page and its thread for up to 48 hours; "Reveal the score" shows it again. Its words say what a
 * press will do; it is disabled while the change is on its way, and a refusal says so and changes nothing.
 * `compact`: the short words, for the next-match card; the match page says what it does beside it.
 */
export function SpoilerToggle({
  match,
  compact = false,
  className,
}: {
  match: Pick<MatchSummary, 'id' | 'spoilerHidden'>;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const spoiler = useMatchSpoiler(match.id);
  const held = match.spoilerHidden === true;
  const Icon = held ? Eye : EyeOff;
  const label = compact
    ? t(held ? 'matches.spoiler.revealShort' : 'matches.spoiler.holdShort')
    : t(held ? 'matches.spoiler.reveal' : 'matches.spoiler.hold');
  return (
    <Button
      type="button"
      variant={compact ? 'ghost' : 'outline'}
      size="sm"
      isLoading={spoiler.isPending}
      className={cn(compact && 'h-8 px-2 text-xs text-muted-foreground', className)}
      onClick={() =>
        spoiler.mutate(!held, {
          onSuccess: () => toast.success(t(held ? 'matches.spoiler.revealed' : 'matches.spoiler.held')),
          onError: (error) =>
            toast.error(t('matches.spoiler.failed'), {
              description: error instanceof ApiError ? error.message : undefined,
            }),
        })
      }
    >
      {!spoiler.isPending && <Icon aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** The match page's spoiler row: what holding does (or that it is on), and the switch. */
export function SpoilerPanel({ match }: { match: Pick<MatchSummary, 'id' | 'spoilerHidden' | 'status'> }) {
  const { t } = useTranslation();
  if (match.status === 'cancelled') return null;
  const held = match.spoilerHidden === true;
  return (
    <section
      aria-label={t('matches.spoiler.hold')}
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-border px-4 py-3',
        held ? 'bg-muted' : 'bg-card',
      )}
    >
      <p className="min-w-0 flex-1 basis-48 text-sm text-muted-foreground">
        {t(held ? 'matches.spoiler.heldNote' : 'matches.spoiler.holdNote')}
      </p>
      <SpoilerToggle match={match} />
    </section>
  );
}
