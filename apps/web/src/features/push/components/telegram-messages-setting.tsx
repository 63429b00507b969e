import type { TelegramMessagesState } from '@burti/shared';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { useSetTelegramMessages } from '../api/telegram-messages';
import { ChannelSwitch } from './channel-switch';

/** Settings: the bot's messages in Telegram, On or Off as the server keeps them (for fans with a Telegram chat). */
export function TelegramMessagesSetting({ state }: { state: TelegramMessagesState }) {
  const { t } = useTranslation();
  const save = useSetTelegramMessages();
  const on = state.enabled;
  const toggle = () =>
    save.mutate(!on, {
      onSuccess: (next) => toast.success(t(next.enabled ? 'shells.push.telegramOn' : 'shells.push.telegramOff')),
      onError: (error) => toast.error(t('app.error'), { description: error.message }),
    });
  return (
    <ChannelSwitch
      icon={Send}
      label={t('shells.push.telegram')}
      hint={t('shells.push.telegramText')}
      on={on}
      busy={save.isPending}
      onToggle={toggle}
    />
  );
}
