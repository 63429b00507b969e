import { localName } from '@burti/shared';
import { AlertTriangle, Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useStandings } from '../api/get-standings';
import { TeamBadge } from './team-badge';

const COLUMNS = ['played', 'won', 'drawn', 'lost', 'goalDifference', 'points'] as const;

/** The league table: position, team, P W D L GD Pts, the fan's club highlighted. */
export function StandingsTable({
  competitionId,
  clubId,
  waiting = false,
}: {
  competitionId: number | undefined;
  clubId: number;
  /** The competition is still being worked out (from the club's matches). */
  waiting?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const query = useStandings(competitionId);
  if (!waiting && (competitionId === undefined || (query.data && query.data.rows.length === 0))) {
    return <EmptyState icon={Table2} title={t('matches.noTableTitle')} message={t('matches.noTableMessage')} />;
  }
  if (waiting || query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2 p-4">
        <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title={t('matches.tableFailed')}
        message={query.error instanceof ApiError ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t('app.retry')}</Button>}
      />
    );
  }
  const { competition, season, rows } = query.data;
  const competitionName = i18n.language === 'ka' && competition.nameKa ? competition.nameKa : competition.name;
  return (
    <div className="overflow-x-auto bg-card">
      <table className="w-full border-collapse text-sm tabular-nums">
        <caption className="px-4 py-2 text-left text-xs font-semibold text-muted-foreground">
          {t('matches.tableCaption', { competition: competitionName, season: season.label })}
        </caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            <th scope="col" className="w-8 py-2 pl-4 text-left font-medium">
              <abbr title={t('matches.col.positionLong')} className="no-underline">
                {t('matches.col.position')}
              </abbr>
            </th>
            <th scope="col" className="py-2 text-left font-medium">
              {t('matches.col.team')}
            </th>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={cn(
                  'w-8 px-1 py-2 text-right font-medium last:pr-4',
                  column === 'points' && 'text-foreground',
                )}
              >
                <abbr title={t(`matches.col.${column}Long`)} className="no-underline">
                  {t(`matches.col.${column}`)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const mine = row.team.clubId === clubId;
            return (
              <tr
                key={row.team.id}
                aria-current={mine ? 'true' : undefined}
                className={cn('border-b border-border', mine && 'bg-brand/10 font-semibold')}
              >
                <td className={cn('py-2 pl-4', mine && 'shadow-[inset_3px_0_0_var(--color-brand)]')}>{row.position}</td>
                <th scope="row" className="w-full max-w-0 py-2 text-left font-[inherit]">
                  <span className="flex min-w-0 items-center gap-2">
                    <TeamBadge team={row.team} size="sm" />
                    <span className="min-w-0 truncate">{localName(row.team, i18n.language)}</span>
                    {mine && <span className="sr-only">({t('matches.yourClub')})</span>}
                  </span>
                </th>
                {COLUMNS.map((column) => (
                  <td key={column} className={cn('px-1 py-2 text-right last:pr-4', column === 'points' && 'font-bold')}>
                    {column === 'goalDifference' && row.goalDifference > 0 ? `+${row.goalDifference}` : row[column]}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
