import { Bell, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { nativePushState, platform, setNativePush, type DevicePushState } from '../../../lib/platform';
import { ChannelSwitch } from './channel-switch';
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

  return (
    <ChannelSwitch
      icon={channel === 'native' ? Smartphone : Bell}
      label={t(channel === 'native' ? 'shells.push.native' : 'shells.push.web')}
      hint={state === 'denied' ? t('shells.push.blocked') : t('settings.pushText')}
      on={state === null ? null : state === 'on'}
      disabled={state === 'denied'}
      busy={busy}
      onToggle={() => void toggle()}
    />
  );
}
