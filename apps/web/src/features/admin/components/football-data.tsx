import { zodResolver } from '@hookform/resolvers/zod';
import { localName, updateTeamInput, type Club, type ProviderStatus, type ProviderTeam } from '@burti/shared';
import { Link2, Satellite } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useClubCatalogue, useMapTeam, useProviderStatus, useProviderTeams } from '../api/football-providers';
import { AdminPageTitle, LoadError } from './admin-layout';

const PROVIDER_NAMES: Record<ProviderStatus['provider'], string> = {
  'football-data': 'football-data.org',
  'api-football': 'API-Football',
};

/** `/admin/football`: the data providers' health, and the teams they send mapped to Burti's clubs (decision 026). */
export function AdminFootballData() {
  const { t } = useTranslation();
  return (
    <>
      <AdminPageTitle title={t('matchAdmin.football.title')} lead={t('matchAdmin.football.lead')} />
      <div className="flex flex-col gap-6">
        <ProviderStatusPanel />
        <TeamMapping />
      </div>
    </>
  );
}

function ProviderStatusPanel() {
  const { t } = useTranslation();
  const status = useProviderStatus();
  let body;
  if (status.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-3">
        <VisuallyHidden>{t('admin.loading')}</VisuallyHidden>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (status.isError) {
    body = <LoadError message={t('matchAdmin.football.statusFailed')} onRetry={() => void status.refetch()} />;
  } else if (status.data.handEntryOnly) {
    body = <p className="text-sm text-muted-foreground">{t('matchAdmin.football.handEntryOnly')}</p>;
  } else {
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {status.data.providers.map((provider) => (
          <ProviderCard key={provider.provider} provider={provider} readAt={status.dataUpdatedAt} />
        ))}
      </div>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Satellite aria-hidden="true" className="size-5" />
          {t('matchAdmin.football.providers')}
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

/** `readAt`: when the status was read (a back-off that had ended by then is not shown). */
function ProviderCard({ provider, readAt }: { provider: ProviderStatus; readAt: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const backingOff = provider.backoffUntil !== null && Date.parse(provider.backoffUntil) > readAt;
  const when = (at: string | null) => (at ? formatDateTime(at) : t('matchAdmin.football.never'));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {PROVIDER_NAMES[provider.provider]}
        </h3>
        {backingOff ? (
          <Badge variant="warning">
            {t('matchAdmin.football.backoff', { time: formatDateTime(provider.backoffUntil!) })}
          </Badge>
        ) : (
          <Badge variant="success">{t('matchAdmin.football.active')}</Badge>
        )}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <StatusRow label={t('matchAdmin.football.lastFixtureSync')}>{when(provider.lastFixtureSyncAt)}</StatusRow>
        <StatusRow label={t('matchAdmin.football.lastLiveSync')}>{when(provider.lastLiveSyncAt)}</StatusRow>
        <BudgetUse
          label={t('matchAdmin.football.thisMinute')}
          used={provider.requestsThisMinute}
          budget={provider.budgetPerMinute}
        />
        <BudgetUse
          label={t('matchAdmin.football.today')}
          used={provider.requestsToday}
          budget={provider.budgetPerDay}
        />
        <StatusRow label={t('matchAdmin.football.competitions')} className="sm:col-span-2">
          {provider.competitions.length === 0
            ? t('matchAdmin.football.noCompetitions')
            : provider.competitions.map((c) => `${c.competition} ${c.season}`).join(', ')}
        </StatusRow>
      </dl>
      <div>
        <h4 className="mb-1 text-sm font-semibold">{t('matchAdmin.football.errors')}</h4>
        {provider.errors.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('matchAdmin.football.noErrors')}</p>
        ) : (
          <ol className="flex flex-col gap-1 text-sm">
            {provider.errors.map((error, index) => (
              <li key={`${error.at}-${index}`} className="rounded-md bg-danger/5 px-2 py-1">
                <time dateTime={error.at} className="text-xs text-muted-foreground">
                  {formatDateTime(error.at)}
                </time>{' '}
                <span className="font-semibold">{error.kind}</span>
                <span className="block wrap-anywhere">{error.message}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** One line of a provider's status: what it is, over its value. */
function StatusRow({
  label,
  className,
  valueClassName = 'font-medium',
  children,
}: {
  label: string;
  className?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

/** "12 of 30" with a bar; the bar turns amber past four fifths of the budget. */
function BudgetUse({ label, used, budget }: { label: string; used: number; budget: number }) {
  const { t } = useTranslation();
  const share = budget > 0 ? Math.min(1, used / budget) : 0;
  const text = t('matchAdmin.football.used', { used, budget });
  return (
    <StatusRow label={label} valueClassName="flex flex-col gap-1">
      <span className="font-medium tabular-nums">{text}</span>
      <span
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={Math.min(used, budget)}
        aria-valuetext={text}
        className="block h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <span
          className={cn('block h-full rounded-full', share >= 0.8 ? 'bg-warning' : 'bg-brand')}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </span>
    </StatusRow>
  );
}

function TeamMapping() {
  const { t, i18n } = useTranslation();
  const teams = useProviderTeams();
  const clubs = useClubCatalogue();
  const [unmappedOnly, setUnmappedOnly] = useState(false);
  const filterId = useId();
  const sortedClubs = useMemo(
    () =>
      (clubs.data ?? []).toSorted((a, b) =>
        localName(a, i18n.language).localeCompare(localName(b, i18n.language), i18n.language),
      ),
    [clubs.data, i18n.language],
  );
  const shown = (teams.data?.teams ?? []).filter((team) => !unmappedOnly || team.club === null);
  const unmapped = (teams.data?.teams ?? []).filter((team) => team.club === null).length;

  let body;
  if (teams.isPending || clubs.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-2">
        <VisuallyHidden>{t('admin.loading')}</VisuallyHidden>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-12 w-full" />
        ))}
      </div>
    );
  } else if (teams.isError || clubs.isError) {
    body = (
      <LoadError
        message={t('matchAdmin.football.teamsFailed')}
        onRetry={() => void Promise.all([teams.refetch(), clubs.refetch()])}
      />
    );
  } else if (teams.data.teams.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t('matchAdmin.football.noTeams')}</p>;
  } else {
    body = (
      <>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">{t('matchAdmin.football.unmappedCount', { count: unmapped })}</p>
          <label htmlFor={filterId} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              id={filterId}
              type="checkbox"
              className="size-4 accent-brand"
              checked={unmappedOnly}
              onChange={(event) => setUnmappedOnly(event.target.checked)}
            />
            {t('matchAdmin.football.unmappedOnly')}
          </label>
        </div>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('matchAdmin.football.allMapped')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {shown.map((team) => (
              <TeamRow key={`${team.id}:${team.club?.id ?? ''}`} team={team} clubs={sortedClubs} />
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-5" />
          {t('matchAdmin.football.mapping')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('matchAdmin.football.mappingLead')}</p>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

/**
 * The mapping form is the contract's `updateTeamInput` narrowed to `clubId`, as a select holds it: the club's id as
 * text, or '' for no club.
 */
const mappingForm = z
  .object({ clubId: z.string() })
  .transform(({ clubId }) => ({ clubId: clubId === '' ? null : Number(clubId) }))
  .pipe(updateTeamInput.pick({ clubId: true }).required());
type MappingForm = z.input<typeof mappingForm>;
type MappingValues = z.output<typeof mappingForm>;

function TeamRow({ team, clubs }: { team: ProviderTeam; clubs: Club[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const map = useMapTeam();
  const [problem, setProblem] = useState<string | null>(null);
  const name = localName(team, i18n.language);
  const saved = team.club ? String(team.club.id) : '';
  const form = useForm<MappingForm, unknown, MappingValues>({
    resolver: zodResolver(mappingForm),
    defaultValues: { clubId: saved },
  });
  const changed = useWatch({ control: form.control, name: 'clubId' }) !== saved;
  const onSubmit = form.handleSubmit(({ clubId }) => {
    setProblem(null);
    map.mutate(
      { teamId: team.id, clubId },
      {
        onSuccess: ({ team: updated }) => {
          const club = clubs.find((c) => c.id === updated.clubId);
          toast.success(
            club
              ? t('matchAdmin.football.mapped', { team: name, club: localName(club, i18n.language) })
              : t('matchAdmin.football.unmapped', { team: name }),
          );
          // The list is read again: the row comes back with the team's new club as its saved value.
        },
        onError: (error) => setProblem(error instanceof ApiError ? error.message : t('matchAdmin.football.mapFailed')),
      },
    );
  });
  return (
    <li className="flex flex-col gap-2 p-3 md:flex-row md:items-center md:justify-between md:gap-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="min-w-0 wrap-anywhere">{name}</span>
          {team.club === null && <Badge variant="warning">{t('matchAdmin.football.notMapped')}</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {team.providerIds
            .map((p) => `${PROVIDER_NAMES[p.provider as ProviderStatus['provider']] ?? p.provider} #${p.providerId}`)
            .join(' · ')}
        </p>
      </div>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-1 md:w-96 md:shrink-0"
        aria-busy={map.isPending}
      >
        <Label htmlFor={`${id}-club`} className="sr-only">
          {t('matchAdmin.football.clubFor', { team: name })}
        </Label>
        <div className="flex gap-2">
          <select
            id={`${id}-club`}
            className="ui-field ui-input min-w-0 flex-1"
            disabled={map.isPending}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            {...form.register('clubId', { onChange: () => setProblem(null) })}
          >
            <option value="">{t('matchAdmin.football.noClub')}</option>
            {clubs.map((club) => (
              <option key={club.id} value={club.id}>
                {localName(club, i18n.language)}
              </option>
            ))}
          </select>
          <Button type="submit" variant="outline" isLoading={map.isPending} disabled={!changed}>
            {t('matchAdmin.football.save')}
          </Button>
        </div>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
      </form>
    </li>
  );
}
