import type { FixtureStatus, MatchEventKind } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** "23'" or "45+2'". */
export function minuteText(minute: number | null, addedMinute: number | null): string {
  if (minute === null) return '';
  return addedMinute ? `${minute}+${addedMinute}'` : `${minute}'`;
}

const STATUS_VARIANT: Record<FixtureStatus, 'brand' | 'warning' | 'secondary' | 'outline'> = {
  scheduled: 'outline',
  live: 'brand',
  half_time: 'warning',
  finished: 'secondary',
  postponed: 'warning',
  cancelled: 'secondary',
  abandoned: 'secondary',
};

export function MatchStatusBadge({
  status,
  minute,
  addedMinute,
}: {
  status: FixtureStatus;
  minute: number | null;
  addedMinute: number | null;
}) {
  const { t } = useTranslation();
  const clock = status === 'live' ? minuteText(minute, addedMinute) : '';
  return (
    <Badge variant={STATUS_VARIANT[status]} className="shrink-0 tabular-nums">
      {t(`matchAdmin.status.${status}`)}
      {clock ? ` · ${clock}` : ''}
    </Badge>
  );
}

export const EVENT_KINDS_ON_CONSOLE: readonly Exclude<MatchEventKind, 'var'>[] = [
  'goal',
  'own_goal',
  'penalty_goal',
  'missed_penalty',
  'yellow',
  'second_yellow',
  'red',
  'substitution',
];
