import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { useClubName } from '../../../lib/club-name';
import { useAlertClubs, useSetAlertClub } from '../api/match-alerts';
import { AlertSwitch } from './alert-switch';

type AlertableClub = { id: number; name: string; nameKa?: string | null };

/**
 * A club page's "Alerts for Torpedo Kutaisi matches" (decision 022): any club's, not only the fan's own, so a fan
 * follows a rival's or a national side's matches too. The switch reads the fan's alert clubs (shared with Settings)
 * and waits, disabled, while they load or a change is on its way. Loaded lazily by the club page.
 */
export function ClubAlerts({ club }: { club: AlertableClub }) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const clubs = useAlertClubs();
  const save = useSetAlertClub();
  const name = nameOf(club);
  const on = clubs.data ? clubs.data.some((c) => c.id === club.id) : null;

  const toggle = () => {
    if (on === null) return;
    save.mutate(
      { clubId: club.id, on: !on },
      {
        onSuccess: () => toast.success(t(on ? 'matchAlerts.clubOff' : 'matchAlerts.clubOn', { club: name })),
        onError: (error) =>
          toast.error(t('matchAlerts.failed'), {
            description: error instanceof ApiError ? error.message : undefined,
          }),
      },
    );
  };

  return (
    <section aria-label={t('matchAlerts.title')} className="border-b border-border bg-card px-4 py-1">
      {clubs.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span className="text-muted-foreground">{t('matchAlerts.loadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void clubs.refetch()}>
            {t('app.retry')}
          </Button>
        </div>
      ) : (
        <AlertSwitch
          label={t('matchAlerts.forClub', { club: name })}
          hint={t('matchAlerts.forClubHint')}
          on={on}
          busy={save.isPending}
          onToggle={toggle}
        />
      )}
    </section>
  );
}
