import type { MatchDetail, MatchEvent, MatchEventKind } from '@burti/shared';
import { ArrowLeftRight, CircleDot, CircleOff, MonitorPlay, Square, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

const ICONS: Record<MatchEventKind, { icon: LucideIcon; className: string }> = {
  goal: { icon: CircleDot, className: 'text-foreground' },
  own_goal: { icon: CircleDot, className: 'text-danger' },
  penalty_goal: { icon: CircleDot, className: 'text-foreground' },
  missed_penalty: { icon: CircleOff, className: 'text-muted-foreground' },
  yellow: { icon: Square, className: 'fill-gold text-gold' },
  second_yellow: { icon: Square, className: 'fill-danger text-gold' },
  red: { icon: Square, className: 'fill-danger text-danger' },
  substitution: { icon: ArrowLeftRight, className: 'text-success' },
  var: { icon: MonitorPlay, className: 'text-muted-foreground' },
};

function minuteOf(event: MatchEvent): string {
  if (event.minute === null) return '';
  return event.addedMinute ? `${event.minute}+${event.addedMinute}′` : `${event.minute}′`;
}

/**
 * What happened, oldest first: goals (own goals and penalties marked), missed penalties, cards, substitutions and
 * VAR decisions, each on its team's side. A goal VAR disallowed stays, struck through, with the reason.
 */
export function MatchTimeline({ match }: { match: MatchDetail }) {
  const { t } = useTranslation();
  const reasons = new Map(
    match.events.filter((e) => e.kind === 'var' && e.disallowsEventId).map((e) => [e.disallowsEventId!, e.detail]),
  );
  return (
    <section aria-labelledby="match-timeline" className="border-b border-border bg-card px-4 py-4">
      <h2 id="match-timeline" className="mb-3 text-base font-bold">
        {t('matches.timeline')}
      </h2>
      {match.spoilerHidden ? (
        <p className="text-sm text-muted-foreground">{t('matches.spoiler.timelineHidden')}</p>
      ) : match.events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('matches.noEvents')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {match.events.map((event) => {
            const { icon: Icon, className } = ICONS[event.kind];
            const reason = reasons.get(event.id);
            const kind = t(`matches.event.${event.kind}`);
            const details = [
              event.kind === 'substitution'
                ? event.secondPlayer && t('matches.playerOn', { player: event.secondPlayer })
                : event.secondPlayer && t('matches.assist', { player: event.secondPlayer }),
              event.kind !== 'var' || !event.disallowsEventId ? event.detail : null,
            ].filter(Boolean);
            return (
              <li
                key={event.id}
                className={cn('flex items-start gap-2 text-sm', event.side === 'away' && 'flex-row-reverse text-right')}
              >
                <span className="w-12 shrink-0 pt-0.5 text-xs font-semibold tabular-nums text-muted-foreground">
                  {minuteOf(event)}
                </span>
                <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', className)} />
                <div className="min-w-0">
                  <p className={cn(event.cancelled && 'text-muted-foreground line-through')}>
                    <span className="font-semibold">{event.player ?? kind}</span>
                    {event.player && <span className="text-muted-foreground"> · {kind}</span>}
                    {event.cancelled && <span className="sr-only"> ({t('matches.disallowed')})</span>}
                  </p>
                  {event.kind === 'substitution' && event.player && (
                    <p className="text-xs text-muted-foreground">{t('matches.playerOff', { player: event.player })}</p>
                  )}
                  {details.length > 0 && <p className="text-xs text-muted-foreground">{details.join(' · ')}</p>}
                  {event.cancelled && (
                    <p className="text-xs font-medium text-danger">
                      {reason ? t('matches.disallowedReason', { reason }) : t('matches.disallowed')}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
