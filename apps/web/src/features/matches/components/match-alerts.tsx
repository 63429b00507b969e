import type { MatchAlertMode, MatchAlertState, MatchSummary } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { useMatchAlerts, useSetMatchAlerts } from '../api/match-alerts';
import { AlertSwitch } from './alert-switch';

/**
 * The match page's alerts (decision 022): "Alerts for this match" (kick-off, goals, red cards, full time) and
 * "Mute this match" (wins over the club's alerts). Loaded lazily by the match page.
 */
export function MatchAlerts({ match }: { match: Pick<MatchSummary, 'id' | 'status'> }) {
  const { t } = useTranslation();
  const alerts = useMatchAlerts(match.id);
  const save = useSetMatchAlerts(match.id);
  if (match.status === 'finished' || match.status === 'cancelled' || match.status === 'abandoned') return null;

  const state = alerts.data;
  const change = (mode: MatchAlertMode, done: string) =>
    save.mutate(mode, {
      onSuccess: () => toast.success(t(done)),
      onError: (error) =>
        toast.error(t('matchAlerts.failed'), {
          description: error instanceof ApiError ? error.message : undefined,
        }),
    });
  // Off: a match alerting through a club is muted; one set on goes back to the clubs' choice.
  const toggleAlerts = (s: MatchAlertState) =>
    s.alerting
      ? change(s.clubAlerts ? 'muted' : 'default', 'matchAlerts.turnedOff')
      : change('on', 'matchAlerts.turnedOn');
  const toggleMute = (s: MatchAlertState) =>
    s.mode === 'muted' ? change('default', 'matchAlerts.unmuted') : change('muted', 'matchAlerts.muted');

  return (
    <section aria-label={t('matchAlerts.title')} className="border-b border-border bg-card px-4 py-2">
      {alerts.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span className="text-muted-foreground">{t('matchAlerts.loadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void alerts.refetch()}>
            {t('app.retry')}
          </Button>
        </div>
      ) : (
        <>
          <AlertSwitch
            label={t('matchAlerts.forMatch')}
            hint={state?.clubAlerts && state.mode !== 'muted' ? t('matchAlerts.viaClub') : t('matchAlerts.hint')}
            on={state ? state.alerting : null}
            busy={save.isPending}
            onToggle={() => state && toggleAlerts(state)}
          />
          <AlertSwitch
            label={t('matchAlerts.mute')}
            hint={t('matchAlerts.muteHint')}
            on={state ? state.mode === 'muted' : null}
            busy={save.isPending}
            onToggle={() => state && toggleMute(state)}
          />
        </>
      )}
    </section>
  );
}
