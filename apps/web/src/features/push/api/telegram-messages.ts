import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';

const getTelegramMessages = endpoint('getTelegramMessages', 'GET', '/api/push/telegram');
const setTelegramMessages = endpoint('setTelegramMessages', 'PUT', '/api/push/telegram');

export const telegramMessagesKeys = { all: ['push', 'telegram'] as const };

/** Whether the bot messages this fan in Telegram (offered only to fans who opened Burti through Telegram). */
export const useTelegramMessages = () =>
  useQuery({
    queryKey: telegramMessagesKeys.all,
    queryFn: () => call(getTelegramMessages, {}),
  });

/** Turns the bot's messages on or off; the screen shows the server's answer. */
export function useSetTelegramMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => call(setTelegramMessages, { body: { enabled } }),
    onSuccess: (state) => queryClient.setQueryData(telegramMessagesKeys.all, state),
  });
}
