import { Bell, Smartphone } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { nativePushState, platform, setNativePush, type DevicePushState } from '../../../lib/platform';
import { isWebPushEnabled, isWebPushSupported, registerWebPush, unregisterWebPush } from '../lib/register-web-push';

type Channel = 'web' | 'native';

async function readState(channel: Channel): Promise<DevicePushState> {
  if (channel === 'native') return nativePushState();
  if (typeof Notification !== 'undefined' && Notification.permission === 'denied') return 'denied';
  return (await isWebPushEnabled()) ? 'on' : 'off';
}

/** The push channel of this device, if it has one: Web Push in a browser, FCM in the native app. */
export function devicePushChannel(): Channel | null {
  if (platform === 'native') return 'native';
  return isWebPushSupported() ? 'web' : null;
}

/**
 * Settings: this device's push as it really is (the subscription or token, and the system permission), with a
 * switch that turns it On (asking permission from the fan's own tap) and Off (deleting it here and on the server).
 */
export function PushSettings({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<DevicePushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    void readState(channel).then((value) => active && setState(value));
    return () => {
      active = false;
    };
  }, [channel]);

  async function toggle() {
    if (state === null || state === 'denied') return;
    setBusy(true);
    try {
      if (state === 'on') {
        if (channel === 'web') await unregisterWebPush();
        else await setNativePush(false);
        setState('off');
        toast.success(t('shells.push.turnedOff'));
        return;
      }
      if (channel === 'native') {
        const next = await setNativePush(true);
        setState(next);
        if (next === 'on') toast.success(t('shells.push.turnedOn'));
        else toast.error(t('app.error'), { description: t('shells.push.blocked') });
        return;
      }
      const outcome = await registerWebPush();
      if (outcome === 'subscribed') {
        setState('on');
        toast.success(t('shells.push.turnedOn'));
      } else {
        setState(await readState(channel));
        toast.error(t('app.error'), { description: t(`settings.push_${outcome}`) });
      }
    } catch {
      toast.error(t('app.error'), { description: t('settings.push_failed') });
    } finally {
      setBusy(false);
    }
  }

  const on = state === 'on';
  const Icon = channel === 'native' ? Smartphone : Bell;
  return (
    <div className="flex items-center gap-3 p-4">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="flex-1">
        <p id={`${id}-label`} className="text-sm font-medium">
          {t(channel === 'native' ? 'shells.push.native' : 'shells.push.web')}
        </p>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {state === 'denied' ? t('shells.push.blocked') : t('settings.pushText')}
        </p>
      </div>
      <span className="text-sm font-medium text-muted-foreground" aria-hidden="true">
        {state === null ? '' : on ? t('shells.push.on') : t('shells.push.off')}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={state === null || state === 'denied' || busy}
        aria-busy={busy}
        onClick={() => void toggle()}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          on ? 'bg-brand' : 'bg-muted-foreground/30',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}
