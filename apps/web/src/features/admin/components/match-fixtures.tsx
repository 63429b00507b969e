import { zodResolver } from '@hookform/resolvers/zod';
import { createMatchInput, localName, type MatchSummary, type Team } from '@burti/shared';
import { CalendarPlus, Radio } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { formatDateTime } from '../../../lib/format';
import { useCreateMatch } from '../api/create-match';
import { type AdminMatchKind, useAdminMatches } from '../api/get-admin-matches';
import { useCompetitions } from '../api/get-competitions';
import { useTeams } from '../api/get-teams';
import { AdminPageTitle, LoadError, LoadMore } from './admin-layout';
import { MatchStatusBadge } from './match-words';

/**
 * The fixture form is the contract's `createMatchInput`, with two fields as a form holds them: selects give ids as
 * numbers, and the kick-off is the administrator's local date and time (turned into an instant on submit).
 */
const fixtureForm = createMatchInput
  .extend({ kickoffAt: z.string().min(1, 'required') })
  .refine((value) => value.homeTeamId !== value.awayTeamId, { path: ['awayTeamId'], message: 'sameTeams' });
type FixtureForm = z.input<typeof fixtureForm>;
type FixtureValues = z.output<typeof fixtureForm>;

/** `/admin/matches`: a new fixture, and the fixtures of the chosen competition with a way into the live console. */
export function AdminMatches() {
  const { t } = useTranslation();
  return (
    <>
      <AdminPageTitle title={t('matchAdmin.title')} lead={t('matchAdmin.lead')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <NewFixture />
        <FixtureList />
      </div>
    </>
  );
}

function NewFixture() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const competitions = useCompetitions();
  const teams = useTeams();
  const create = useCreateMatch();
  const form = useForm<FixtureForm, unknown, FixtureValues>({
    resolver: zodResolver(fixtureForm),
    defaultValues: { round: '', venue: '', kickoffAt: '' },
  });
  const competitionId = useWatch({ control: form.control, name: 'competitionId' });
  const competition = competitions.data?.competitions.find((c) => c.id === Number(competitionId));
  const errors = form.formState.errors;
  const problem = (name: keyof FixtureForm) => {
    const message = errors[name]?.message;
    if (!message) return null;
    return (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive" role="alert">
        {t(`matchAdmin.form.errors.${message === 'sameTeams' ? 'sameTeams' : 'required'}`)}
      </p>
    );
  };
  const describedBy = (name: keyof FixtureForm) => (errors[name] ? `${id}-${name}-error` : undefined);

  const onSubmit = form.handleSubmit((values) => {
    const kickoff = new Date(values.kickoffAt);
    if (Number.isNaN(kickoff.getTime())) {
      form.setError('kickoffAt', { message: 'required' });
      return;
    }
    create.mutate(
      { ...values, kickoffAt: kickoff.toISOString() },
      {
        onSuccess: ({ match }) => {
          toast.success(t('matchAdmin.form.created'));
          form.reset({ round: '', venue: '', kickoffAt: '' });
          void navigate(`/admin/matches/${match.id}`);
        },
        onError: (error) => toast.error(t('matchAdmin.form.failed'), { description: error.message }),
      },
    );
  });

  const loading = competitions.isPending || teams.isPending;
  const teamOptions = (teams.data?.teams ?? []).toSorted((a, b) => a.name.localeCompare(b.name));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarPlus aria-hidden="true" className="size-5" />
          {t('matchAdmin.form.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {competitions.isError || teams.isError ? (
          <LoadError
            message={t('matchAdmin.form.loadFailed')}
            onRetry={() => void Promise.all([competitions.refetch(), teams.refetch()])}
          />
        ) : (
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="flex flex-col gap-4"
            aria-busy={loading}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-competition`}>{t('matchAdmin.form.competition')}</Label>
              <select
                id={`${id}-competition`}
                className="ui-field ui-input"
                disabled={loading}
                aria-invalid={!!errors.competitionId}
                aria-describedby={describedBy('competitionId')}
                {...form.register('competitionId', { valueAsNumber: true })}
              >
                <option value="">{t('matchAdmin.form.choose')}</option>
                {competitions.data?.competitions.map((c) => (
                  <option key={c.id} value={c.id}>
                    {localName(c, i18n.language)}
                  </option>
                ))}
              </select>
              {problem('competitionId')}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-season`}>{t('matchAdmin.form.season')}</Label>
              <select
                id={`${id}-season`}
                className="ui-field ui-input"
                disabled={!competition}
                aria-invalid={!!errors.seasonId}
                aria-describedby={describedBy('seasonId')}
                {...form.register('seasonId', { valueAsNumber: true })}
              >
                <option value="">{t('matchAdmin.form.choose')}</option>
                {competition?.seasons.map((season) => (
                  <option key={season.id} value={season.id}>
                    {season.label}
                  </option>
                ))}
              </select>
              {problem('seasonId')}
            </div>
            {(['homeTeamId', 'awayTeamId'] as const).map((field) => (
              <div key={field} className="flex flex-col gap-2">
                <Label htmlFor={`${id}-${field}`}>
                  {t(field === 'homeTeamId' ? 'matchAdmin.form.home' : 'matchAdmin.form.away')}
                </Label>
                <select
                  id={`${id}-${field}`}
                  className="ui-field ui-input"
                  disabled={loading}
                  aria-invalid={!!errors[field]}
                  aria-describedby={describedBy(field)}
                  {...form.register(field, { valueAsNumber: true })}
                >
                  <option value="">{t('matchAdmin.form.choose')}</option>
                  {teamOptions.map((team) => (
                    <option key={team.id} value={team.id}>
                      {localName(team, i18n.language)}
                    </option>
                  ))}
                </select>
                {problem(field)}
              </div>
            ))}
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-kickoff`}>{t('matchAdmin.form.kickoff')}</Label>
              <Input
                id={`${id}-kickoff`}
                type="datetime-local"
                aria-invalid={!!errors.kickoffAt}
                aria-describedby={describedBy('kickoffAt')}
                {...form.register('kickoffAt')}
              />
              {problem('kickoffAt')}
            </div>
            <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
              <div className="flex min-w-0 flex-col gap-2">
                <Label htmlFor={`${id}-round`}>{t('matchAdmin.form.round')}</Label>
                <Input id={`${id}-round`} maxLength={60} {...form.register('round')} />
              </div>
              <div className="flex min-w-0 flex-col gap-2">
                <Label htmlFor={`${id}-venue`}>{t('matchAdmin.form.venue')}</Label>
                <Input id={`${id}-venue`} maxLength={120} {...form.register('venue')} />
              </div>
            </div>
            <Button type="submit" isLoading={create.isPending} disabled={loading || create.isPending}>
              {t('matchAdmin.form.submit')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function FixtureList() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AdminMatchKind>('upcoming');
  return (
    <section aria-labelledby="fixture-list-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="fixture-list-title" className="text-lg font-semibold">
          {t('matchAdmin.list.title')}
        </h2>
        <div role="group" aria-label={t('matchAdmin.list.title')} className="flex gap-1">
          {(['upcoming', 'results'] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={kind === value ? 'secondary' : 'ghost'}
              aria-pressed={kind === value}
              onClick={() => setKind(value)}
            >
              {t(`matchAdmin.list.${value}`)}
            </Button>
          ))}
        </div>
      </div>
      <Fixtures kind={kind} />
    </section>
  );
}

function Fixtures({ kind }: { kind: AdminMatchKind }) {
  const { t } = useTranslation();
  const matches = useAdminMatches(kind);
  if (matches.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <VisuallyHidden>{t('admin.loading')}</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (matches.isError) {
    return <LoadError message={t('matchAdmin.list.failed')} onRetry={() => void matches.refetch()} />;
  }
  const all = matches.data.pages.flatMap((page) => page.matches);
  if (all.length === 0) {
    return <EmptyState icon={Radio} title={t('matchAdmin.list.emptyTitle')} message={t('matchAdmin.list.empty')} />;
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {all.map((match) => (
          <li key={match.id}>
            <FixtureRow match={match} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={matches.hasNextPage}
        isFetchingNextPage={matches.isFetchingNextPage}
        onLoadMore={() => void matches.fetchNextPage()}
      />
    </>
  );
}

function FixtureRow({ match }: { match: MatchSummary }) {
  const { t } = useTranslation();
  const score = match.score ? `${match.score.home} – ${match.score.away}` : t('matchAdmin.vs');
  return (
    <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
        <p className="font-semibold break-words">
          <TeamLabel team={match.home} /> <span className="tabular-nums">{score}</span> <TeamLabel team={match.away} />
        </p>
        <p className="text-sm text-muted-foreground">
          {formatDateTime(match.kickoffAt)}
          {match.round ? ` · ${match.round}` : ''}
        </p>
      </div>
      <MatchStatusBadge status={match.status} minute={match.minute} addedMinute={match.addedMinute} />
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/matches/${match.id}`}>{t('matchAdmin.list.open')}</Link>
      </Button>
    </Card>
  );
}

function TeamLabel({ team }: { team: Team }) {
  const { i18n } = useTranslation();
  return <span>{localName(team, i18n.language)}</span>;
}
