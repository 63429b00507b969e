import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api';
import { useClubName } from '../../../lib/club-name';
import { useAlertClubs, useSetAlertClub } from '../api/match-alerts';
import { AlertSwitch } from './alert-switch';

/**
 * Settings: match alerts (decision 022). A switch for every match of the fan's own club, and the other clubs whose
 * matches alert them, each with a way to turn it off. Loaded lazily by the Settings page.
 */
export function MatchAlertSettings({ club }: { club: { id: number; name: string; nameKa?: string | null } | null }) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const clubs = useAlertClubs();
  const save = useSetAlertClub();

  const setClub = (target: { id: number; name: string; nameKa?: string | null }, on: boolean) =>
    save.mutate(
      { clubId: target.id, on },
      {
        onSuccess: () => toast.success(t(on ? 'matchAlerts.clubOn' : 'matchAlerts.clubOff', { club: nameOf(target) })),
        onError: (error) =>
          toast.error(t('matchAlerts.failed'), {
            description: error instanceof ApiError ? error.message : undefined,
          }),
      },
    );

  if (clubs.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
        <span className="text-muted-foreground">{t('matchAlerts.loadFailed')}</span>
        <Button variant="outline" size="sm" onClick={() => void clubs.refetch()}>
          {t('app.retry')}
        </Button>
      </div>
    );
  }
  const list = clubs.data;
  const ownOn = list && club ? list.some((c) => c.id === club.id) : null;
  const others = (list ?? []).filter((c) => c.id !== club?.id);
  const busyClub = save.isPending ? save.variables?.clubId : undefined;
  return (
    <div className="flex flex-col gap-1 px-4 py-2" aria-busy={!list}>
      {club ? (
        <AlertSwitch
          label={t('matchAlerts.myClub')}
          hint={t('matchAlerts.myClubHint')}
          on={ownOn}
          busy={busyClub === club.id}
          onToggle={() => setClub(club, !ownOn)}
        />
      ) : (
        <p className="py-2 text-sm text-muted-foreground">{t('matchAlerts.noClub')}</p>
      )}
      {!list && (
        <>
          <VisuallyHidden>{t('matchAlerts.loadingClubs')}</VisuallyHidden>
          <Skeleton className="h-4 w-40" />
        </>
      )}
      {others.length > 0 && (
        <>
          <h3 className="pt-2 text-sm font-medium text-muted-foreground">{t('matchAlerts.otherClubs')}</h3>
          <ul className="flex flex-col">
            {others.map((other) => (
              <li key={other.id} className="flex items-center justify-between gap-3 py-1.5">
                <span className="min-w-0 truncate text-sm">{nameOf(other)}</span>
                <Button
                  variant="outline"
                  size="sm"
                  isLoading={busyClub === other.id}
                  disabled={save.isPending}
                  aria-label={t('matchAlerts.turnOffClub', { club: nameOf(other) })}
                  onClick={() => setClub(other, false)}
                >
                  {t('matchAlerts.turnOff')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
